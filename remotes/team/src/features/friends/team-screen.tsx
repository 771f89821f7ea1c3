import { InviteCard } from '../invite/invite-card';
import { TeamSummary } from './team-summary';
import '../../team.css';

/** `/index/friend`: the team tab: my invite (code, link, QR, share), my team per level and my team reward. */
export default function TeamScreen() {
  return (
    <div className="team-screen">
      <InviteCard />
      <TeamSummary />
    </div>
  );
}
