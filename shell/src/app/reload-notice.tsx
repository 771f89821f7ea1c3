import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@rigshare/ui';
import { useFirstPaintHandoff } from './first-paint';

/**
 * For an area that failed: that it could not be loaded and one instruction, to tap the Retry button
 * below it (SPEC's "try again after page refresh" is what Retry and the one automatic reload do); or,
 * for a remote built against a contract this shell does not support, that the area is being
 * updated (Retry loads the page again, which picks up a new deployment); or, for the shell opened
 * without a network (the service worker's copy), that the member is offline.
 */
export function ReloadNotice({ retry = () => location.reload(), reason = 'failed' }: { retry?: () => void; reason?: 'failed' | 'updating' | 'offline' }) {
  const { t } = useTranslation('shell');
  useFirstPaintHandoff();
  const key = reason === 'failed' ? 'reload' : `reload.${reason}`;
  return (
    <div className="reload-notice" role="alert" data-testid="reload-notice" data-reason={reason}>
      <LoadFailed title={t(`${key}.title`)} message={t(`${key}.description`, { retry: t('common:actions.retry') })} retry={retry} />
    </div>
  );
}
