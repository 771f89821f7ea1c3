import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@rigshare/ui';

/** "Please try again after page refresh" (SPEC) for an area that failed, with a Retry button. */
export function ReloadNotice({ retry = () => location.reload() }: { retry?: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="reload-notice" role="alert" data-testid="reload-notice">
      <LoadFailed title={t('reload.title')} message={t('reload.description')} retry={retry} />
    </div>
  );
}
