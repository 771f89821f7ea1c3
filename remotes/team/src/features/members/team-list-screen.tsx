import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TEAM_LEVELS, type TeamLevel } from '@rigshare/domain';
import { useTeamPageInfiniteQuery } from '../../api/endpoints';
import { MemberList } from './member-list';
import '../../team.css';

function LevelList({ level }: { level: TeamLevel }) {
  return <MemberList source={useTeamPageInfiniteQuery(level)} level={level} />;
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
