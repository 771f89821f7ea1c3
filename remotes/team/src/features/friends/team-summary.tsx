import { Button, Skeleton } from 'antd-mobile';
import { usdt } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TEAM_LEVELS } from '@rigshare/domain';
import { LoadFailed, PageEmpty } from '@rigshare/ui';
import { errorMessage, useTeamInfoQuery } from '../../api/endpoints';

export const percent = (basisPoints: number) => (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '');

/** Team counts per level (each opens its list), the team reward and where it comes from. */
export function TeamSummary() {
  const { t } = useTranslation('team');
  const { data: info, isError, error, refetch } = useTeamInfoQuery();
  if (!info) {
    if (isError) return <LoadFailed title={t('summary.loadError')} message={errorMessage(error)} retry={() => void refetch()} />;
    return (
      <div aria-busy="true">
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  return (
    <section className="team-summary" aria-labelledby="team-summary-title">
      <h2 id="team-summary-title" className="team-section-title">
        {t('team.membersTitle')}
      </h2>
      <div className="team-levels">
        {TEAM_LEVELS.map((level) => (
          <Link key={level} to={`/index/friendmore?level=${level}`} className="team-level" data-testid={`team-count-${level}`}>
            <span className="team-level__count">{info.counts[level]}</span>
            <span className="team-level__name">{t('levels.name', { level })}</span>
          </Link>
        ))}
      </div>
      {info.counts.A === 0 && <PageEmpty className="team-empty" title={t('team.emptyTitle')} description={t('team.emptyDescription')} />}
      <dl className="team-reward" data-testid="team-reward">
        <div>
          <dt>{t('summary.rewardPaid')}</dt>
          <dd>{usdt(info.reward.paid)}</dd>
        </div>
        {info.reward.pending !== '0' && (
          <div>
            <dt>{t('summary.rewardPending')}</dt>
            <dd>{usdt(info.reward.pending)}</dd>
          </div>
        )}
      </dl>
      <p className="team-source" data-testid="team-source">
        {t('summary.source', {
          a: percent(info.rates.referral.A),
          b: percent(info.rates.referral.B),
          c: percent(info.rates.referral.C),
        })}
      </p>
      <div className="team-links">
        <Link to="/index/invitation">{t('invitation.title')}</Link>
        <Link to="/index/lowerincome">{t('income.title')}</Link>
        <Link to="/user/reward" data-testid="team-rewards">
          {t('reward.title')}
        </Link>
        <Link to="/index/joinGroup">{t('joinGroup.title')}</Link>
        <Link to="/index/shareLink">{t('shareLink.title')}</Link>
      </div>
      <Link to="/index/friendmore">
        <Button block size="small" fill="outline">
          {t('summary.allMembers')}
        </Button>
      </Link>
    </section>
  );
}
