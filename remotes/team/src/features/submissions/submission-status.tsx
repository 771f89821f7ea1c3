import { Skeleton, Tag } from 'antd-mobile';
import { usdt } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import type { SubmissionState } from '@rigshare/api-schema';
import { LoadFailed } from '@rigshare/ui';
import { errorMessage } from '../../api/endpoints';

/** The reward's amount, where it comes from, and the latest submission's review state (with the reason of a fail). */
export function SubmissionStatus({ state }: { state: SubmissionState }) {
  const { t } = useTranslation('team');
  const s = state.submission;
  return (
    <section className="team-summary" data-testid="submission-state">
      <div className="team-reward">
        <div>
          <span>{t(`reward.kind.${state.kind}`)}</span>
          <strong>{usdt(state.amount)}</strong>
        </div>
      </div>
      {s && (
        <div className="team-links">
          <Tag color={s.status === 'Passed' ? 'success' : s.status === 'Failed' ? 'danger' : 'warning'} data-testid="submission-status">
            {t(`submission.status.${s.status}`)}
          </Tag>
          {state.reward && <Tag color={state.reward === 'Paid' ? 'success' : 'warning'}>{t(`reward.status.${state.reward}`)}</Tag>}
        </div>
      )}
      {s?.status === 'Failed' && s.reason && (
        <p className="team-source" data-testid="submission-reason">
          {t('submission.reason', { reason: s.reason })}
        </p>
      )}
      <p className="team-source">{t('submission.once')}</p>
      <p className="team-source">{t('reward.source')}</p>
    </section>
  );
}

/** A submission screen before its state arrives: a skeleton while it loads, or the load error with retry. */
export function SubmissionLoading({ isError, error, refetch }: { isError: boolean; error?: unknown; refetch: () => unknown }) {
  const { t } = useTranslation('team');
  if (isError) return <LoadFailed title={t('submission.loadError')} message={errorMessage(error)} retry={() => void refetch()} />;
  return (
    <div className="team-screen" aria-busy="true">
      <Skeleton.Paragraph lineCount={4} animated />
    </div>
  );
}
