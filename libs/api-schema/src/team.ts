/** The team: invite link, counts and lists per level, and where team rewards come from (host /api/user). */
import { AUTH, errors, Micro, Ok, Page, PagingQuery, Time, Type, type Static } from './common';

const tags = ['team'];

const PerLevel = <T extends ReturnType<typeof Type.Integer>>(item: () => T) => Type.Object({ A: item(), B: item(), C: item() });
const Rate = () => Type.Integer({ minimum: 0, maximum: 10_000, description: 'Basis points: 100 = 1 percent.' });

export const TeamInfo = Type.Object({
  inviteCode: Type.String(),
  shareUrl: Type.String({ description: 'The invite link: the share URL plus the invite code.' }),
  counts: PerLevel(() => Type.Integer({ minimum: 0 })),
  reward: Type.Object({
    paid: Micro('Referral Bonus and Team Benefits paid to the member, all time.'),
    pending: Micro('Earned but waiting for the rewards budget.'),
  }),
  rates: Type.Object({
    referral: PerLevel(Rate),
    team: PerLevel(Rate),
  }),
});
export type TeamInfo = Static<typeof TeamInfo>;

export const TeamMember = Type.Object({
  id: Type.Integer(),
  phone: Type.String({ description: 'Masked: the first 3 digits, dots, the last 2.' }),
  name: Type.String(),
  joinedAt: Time(),
  activeRental: Type.Boolean({ description: 'Holds at least one rental that still earns.' }),
  reward: Micro('Referral Bonus and Team Benefits the viewer earned from this member.'),
});
export type TeamMember = Static<typeof TeamMember>;

export const teamSchemas = {
  teamInfo: { tags, summary: "The member's invite link, team counts per level and team reward", response: { 200: Ok(TeamInfo), ...errors(...AUTH) } },
  teamList: {
    tags,
    summary: 'One level of the team (A: invited by me, B: by them, C: by those), newest first',
    querystring: PagingQuery,
    response: { 200: Ok(Page(TeamMember)), ...errors(...AUTH) },
  },
} as const;
