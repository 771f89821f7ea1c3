import { Button, Skeleton, Tag } from 'antd-mobile';
import { usdt } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MemberReward } from '@rigshare/api-schema';
import { InfiniteList, LoadFailed, PageEmpty } from '@rigshare/ui';
import { errorMessage, useClaimRegisterRewardMutation, useRegisterRewardQuery, useRewardPageInfiniteQuery } from '../../api/endpoints';
import '../../team.css';

function RegisterRewardCard() {
  const { t } = useTranslation('team');
  const { data, isError, error, refetch } = useRegisterRewardQuery();
  const [claim, { isLoading }] = useClaimRegisterRewardMutation();
  if (!data) return isError ? <LoadFailed title={t('reward.loadError')} message={errorMessage(error)} retry={() => void refetch()} /> : <Skeleton.Paragraph lineCount={2} animated />;
  return (
    <section className="team-summary" data-testid="register-reward">
      <div className="team-reward">
        <div>
          <span>{t('reward.kind.register')}</span>
          <strong>{usdt(data.amount)}</strong>
        </div>
      </div>
      {data.claimed ? (
        <Tag color={data.status === 'Pending' ? 'warning' : 'success'}>{t(data.status === 'Pending' ? 'reward.status.Pending' : 'reward.status.Paid')}</Tag>
      ) : (
        <Button color="primary" block loading={isLoading} disabled={data.amount === '0'} onClick={() => void claim().unwrap().catch(() => undefined)} data-testid="claim-register">
          {t('reward.claim')}
        </Button>
      )}
    </section>
  );
}

export function RewardRow({ reward }: { reward: MemberReward }) {
  const { t, i18n } = useTranslation('team');
  return (
    <div className="team-member" data-testid="reward-row">
      <div className="team-member__head">
        <span>{t(`reward.kind.${reward.kind}`)}</span>
        <span>{usdt(reward.amount)}</span>
      </div>
      <div className="team-member__meta">
        <span>{new Date(reward.earnedAt).toLocaleDateString(i18n.language)}</span>
        {reward.from && <span>{t('reward.from', { member: reward.from, level: reward.level ?? '' })}</span>}
        <span className={reward.status === 'Paid' ? 'team-member__active' : undefined} data-testid="reward-status">
          {t(`reward.status.${reward.status}`)}
        </span>
      </div>
    </div>
  );
}

/** `/user/reward`: the reward centre: the register reward to claim, then every reward with its state. */
export default function RewardScreen() {
  const { t } = useTranslation('team');
  const rewards = useRewardPageInfiniteQuery();
  return (
    <div className="team-screen">
      <RegisterRewardCard />
      <p className="team-source">{t('reward.source')}</p>
      <div className="team-links">
        <Link to="/user/signbonus">{t('sign.title')}</Link>
        <Link to="/index/friend">{t('team.title')}</Link>
        <Link to="/index/joinGroup">{t('joinGroup.title')}</Link>
        <Link to="/index/shareLink">{t('shareLink.title')}</Link>
      </div>
      <InfiniteList
        className="team-list"
        source={rewards}
        loadError={t('reward.loadError')}
        itemKey={(r) => r.id}
        renderItem={(r) => <RewardRow reward={r} />}
        empty={<PageEmpty className="team-empty" title={t('reward.emptyTitle')} />}
      />
    </div>
  );
}
