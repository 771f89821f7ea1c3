import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatAmount, TEAM_LEVELS, type TeamLevel } from '@rigshare/domain';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import type { TeamMember } from '@rigshare/api-schema';
import { useTeamPageInfiniteQuery } from '../../api/endpoints';
import '../../team.css';

export function MemberRow({ member }: { member: TeamMember }) {
  const { t, i18n } = useTranslation('team');
  return (
    <div className="team-member" data-testid="team-member">
      <div className="team-member__head">
        <span className="team-member__phone">{member.phone}</span>
        <span className="team-member__name">{member.name}</span>
      </div>
      <div className="team-member__meta">
        <span>{t('list.joined', { date: new Date(member.joinedAt).toLocaleDateString(i18n.language) })}</span>
        <span className={member.activeRental ? 'team-member__active' : undefined}>{member.activeRental ? t('list.activeYes') : t('list.activeNo')}</span>
        <span>{t('list.reward', { amount: formatAmount(BigInt(member.reward)) })}</span>
      </div>
    </div>
  );
}

function LevelList({ level }: { level: TeamLevel }) {
  const { t } = useTranslation('team');
  const page = useTeamPageInfiniteQuery(level);
  return (
    <InfiniteList
      className="team-list"
      source={page}
      loadError={t('list.loadError')}
      itemKey={(m) => m.id}
      renderItem={(m) => <MemberRow member={m} />}
      empty={<PageEmpty className="team-empty" title={t('list.emptyTitle', { level })} description={t('team.emptyDescription')} />}
    />
  );
}

/** `/index/friendmore` and `/index/sharedetails`: my team's levels A, B and C in tabs, paged as the member scrolls. */
export default function TeamListScreen() {
  const { t } = useTranslation('team');
  const [params, setParams] = useSearchParams();
  const asked = (params.get('level') ?? 'A').toUpperCase();
  const level: TeamLevel = (TEAM_LEVELS as readonly string[]).includes(asked) ? (asked as TeamLevel) : 'A';
  return (
    <div className="team-screen">
      <Tabs activeKey={level} onChange={(key) => setParams({ level: key }, { replace: true })}>
        {TEAM_LEVELS.map((l) => (
          <Tabs.Tab key={l} title={t('levels.name', { level: l })} />
        ))}
      </Tabs>
      <LevelList key={level} level={level} />
    </div>
  );
}
