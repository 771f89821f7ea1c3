import { Skeleton, Tabs } from 'antd-mobile';
import { usdt } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '@rigshare/ui';
import { errorMessage, useInvitedFloorPageInfiniteQuery, useInvitedFloorsQuery } from '../../api/endpoints';
import { percent } from '../friends/team-summary';
import { MemberList } from '../members/member-list';
import '../../team.css';

function FloorMembers({ floor, level }: { floor: number; level: string }) {
  return <MemberList source={useInvitedFloorPageInfiniteQuery(floor)} level={level} />;
}

/** `/index/invitation`: the invitation centre: invited floors (members, rates, reward each), their members, and the rules. */
export default function InvitationScreen() {
  const { t } = useTranslation('team');
  const { data, isError, error, refetch } = useInvitedFloorsQuery();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('floor') ?? 1);
  const floor = [1, 2, 3].includes(asked) ? asked : 1;
  if (!data) {
    if (isError) return <LoadFailed title={t('invitation.loadError')} message={errorMessage(error)} retry={() => void refetch()} />;
    return (
      <div className="team-screen" aria-busy="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  const rate = (level: 'A' | 'B' | 'C') => data.floors.find((f) => f.level === level)!;
  return (
    <div className="team-screen">
      <section className="team-summary" aria-labelledby="invitation-floors">
        <h2 id="invitation-floors" className="team-section-title">
          {t('invitation.floorsTitle')}
        </h2>
        <div className="team-levels">
          {data.floors.map((f) => (
            <button key={f.floor} type="button" className="team-level" data-testid={`floor-${f.floor}`} onClick={() => setParams({ floor: String(f.floor) }, { replace: true })}>
              <span className="team-level__count">{f.count}</span>
              <span className="team-level__name">{t('invitation.floor', { floor: f.floor, level: f.level })}</span>
              <span className="team-level__name">{usdt(f.reward)}</span>
            </button>
          ))}
        </div>
      </section>
      <section className="team-summary" aria-labelledby="invitation-rules">
        <h2 id="invitation-rules" className="team-section-title">
          {t('invitation.rulesTitle')}
        </h2>
        <p className="team-source" data-testid="invitation-rules">
          {t('invitation.rules', {
            ra: percent(rate('A').referralRate),
            rb: percent(rate('B').referralRate),
            rc: percent(rate('C').referralRate),
            ta: percent(rate('A').teamRate),
            tb: percent(rate('B').teamRate),
            tc: percent(rate('C').teamRate),
          })}
        </p>
        <p className="team-source">{t('reward.source')}</p>
        <div className="team-links">
          <Link to="/index/friend">{t('invite.title')}</Link>
          <Link to="/index/lowerincome">{t('income.title')}</Link>
          <Link to="/index/sharedetails">{t('list.title')}</Link>
        </div>
      </section>
      <Tabs activeKey={String(floor)} onChange={(key) => setParams({ floor: key }, { replace: true })}>
        {data.floors.map((f) => (
          <Tabs.Tab key={String(f.floor)} title={t('invitation.floor', { floor: f.floor, level: f.level })} />
        ))}
      </Tabs>
      <FloorMembers key={floor} floor={floor} level={data.floors[floor - 1].level} />
    </div>
  );
}
