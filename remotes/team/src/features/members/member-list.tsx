import { useTranslation } from 'react-i18next';
import { money } from '@rigshare/i18n';
import { InfiniteList, PageEmpty, type InfiniteListSource } from '@rigshare/ui';
import type { TeamMember } from '@rigshare/api-schema';
import '../../team.css';

function MemberRow({ member }: { member: TeamMember }) {
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
        <span>{t('list.reward', { amount: money(member.reward) })}</span>
      </div>
    </div>
  );
}

/** One level of the team (A, B or C), paged as the member scrolls; the team list and the invitation centre show it alike. */
export function MemberList({ source, level }: { source: InfiniteListSource<TeamMember>; level: string }) {
  const { t } = useTranslation('team');
  return (
    <InfiniteList
      className="team-list"
      source={source}
      loadError={t('list.loadError')}
      itemKey={(m) => m.id}
      renderItem={(m) => <MemberRow member={m} />}
      empty={<PageEmpty className="team-empty" title={t('list.emptyTitle', { level })} description={t('team.emptyDescription')} />}
    />
  );
}
