import { useTranslation } from 'react-i18next';
import { PageEmpty } from '@rigshare/ui';
import { InviteCard } from '../invite/invite-card';
import '../../team.css';

/** `/index/friend`: the team tab. The invite card is live; team lists arrive with their endpoints. */
export default function TeamScreen() {
  const { t } = useTranslation('team');
  return (
    <div className="team-screen">
      <InviteCard />
      <section className="team-members" aria-labelledby="team-members-title">
        <h2 id="team-members-title" className="team-section-title">
          {t('team.membersTitle')}
        </h2>
        <PageEmpty className="team-empty" title={t('team.emptyTitle')} description={t('team.emptyDescription')} />
      </section>
    </div>
  );
}
