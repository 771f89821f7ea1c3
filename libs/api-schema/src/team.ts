/** The team: invite link, counts and lists per level, and where team rewards come from (host /api/user). */
import { REWARD_KINDS } from '@rigshare/domain';
import { AUTH, errors, Micro, NoFields, Nullable, Ok, Page, Paged, PagingQuery, Time, Type, type Static } from './common';

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

export const InviteMessage = Type.Object({
  message: Type.String({ description: "The text to share, in the member's language: staff's invite message (else the app's own) with {link} and {code} filled in; it always holds the link." }),
  shareUrl: Type.String(),
  inviteCode: Type.String(),
});
export type InviteMessage = Static<typeof InviteMessage>;

export const teamSchemas = {
  teamInfo: { tags, summary: "The member's invite link, team counts per level and team reward", response: { 200: Ok(TeamInfo), ...errors(...AUTH) } },
  inviteMessage: { tags, summary: "The invite message staff set, in the member's language, with the member's own link and code filled in", response: { 200: Ok(InviteMessage), ...errors(...AUTH) } },
  teamList: {
    tags,
    summary: 'One level of the team (A: invited by me, B: by them, C: by those), newest first',
    querystring: PagingQuery,
    response: { 200: Ok(Page(TeamMember)), ...errors(...AUTH) },
  },
} as const;

const RewardState = Type.Union([Type.Literal('Paid'), Type.Literal('Pending')], { description: 'Pending: waiting for the rewards budget.' });
const Day = () => Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Calendar day in the member\'s time zone.' });
const TimeZone = () => Type.String({ maxLength: 64, default: '', description: 'The browser\'s IANA time zone; the first sign-in fixes the member\'s.' });

export const SignInResult = Type.Object({ day: Day(), timeZone: Type.String(), amount: Micro(), status: RewardState, streak: Type.Integer({ minimum: 1 }) });
export type SignInResult = Static<typeof SignInResult>;
export const SignStatus = Type.Object({ today: Day(), timeZone: Type.String(), signedToday: Type.Boolean(), streak: Type.Integer({ minimum: 0 }), bonus: Micro('The bonus of one day.') });
export type SignStatus = Static<typeof SignStatus>;
export const SignRecord = Type.Object({ month: Type.String(), days: Type.Array(Type.Object({ day: Day(), amount: Micro(), status: RewardState })) });
export type SignRecord = Static<typeof SignRecord>;

export const signSchemas = {
  signIn: {
    tags,
    summary: 'Daily sign-in: once per calendar day in the member\'s time zone; the bonus is paid from the rewards budget',
    body: Type.Object({ timeZone: TimeZone() }),
    response: { 200: Ok(SignInResult, 'Localized "Signed in".'), ...errors(401, 409) },
  },
  signStatus: { tags, summary: "Today's sign-in status and the streak", body: Type.Object({ timeZone: TimeZone() }), response: { 200: Ok(SignStatus), ...errors(...AUTH) } },
  signRecord: {
    tags,
    summary: 'The days signed in one month',
    body: Type.Object({ month: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' }) }),
    response: { 200: Ok(SignRecord), ...errors(...AUTH) },
  },
} as const;

export const RegisterReward = Type.Object({
  amount: Micro(),
  claimed: Type.Boolean(),
  status: Nullable(RewardState),
});
export type RegisterReward = Static<typeof RegisterReward>;

export const MemberReward = Type.Object({
  id: Type.Integer(),
  kind: Type.Unsafe<(typeof REWARD_KINDS)[number]>(Type.Union(REWARD_KINDS.map((k) => Type.Literal(k)))),
  amount: Micro(),
  status: RewardState,
  level: Nullable(Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('C')])),
  from: Nullable(Type.String({ description: 'The team member it came from, masked.' })),
  earnedAt: Time(),
  paidAt: Nullable(Time()),
});
export type MemberReward = Static<typeof MemberReward>;

export const rewardSchemas = {
  registerRewardQuery: { tags, summary: 'The register reward: its amount and whether it was claimed', response: { 200: Ok(RegisterReward), ...errors(...AUTH) } },
  registerRewardReceive: {
    tags,
    summary: 'Claim the register reward (once per member; paid from the rewards budget or waiting for it)',
    body: NoFields,
    response: { 200: Ok(RegisterReward, 'Localized "Reward claimed".'), ...errors(401, 409) },
  },
  rewardList: { tags, summary: "The member's rewards, newest first, with their state", querystring: PagingQuery, response: { 200: Ok(Page(MemberReward)), ...errors(...AUTH) } },
} as const;

/** The invitation centre: invited floors (floor 1 = level A, 2 = B, 3 = C) and the rates of each. */
const Floor = () => Type.Integer({ minimum: 1, maximum: 3, description: '1 = level A (invited by me), 2 = level B, 3 = level C.' });
export const InvitedFloor = Type.Object({
  floor: Floor(),
  level: Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('C')]),
  count: Type.Integer({ minimum: 0 }),
  referralRate: Rate(),
  teamRate: Rate(),
  reward: Micro('Referral Bonus and Team Benefits earned from this floor (paid and pending).'),
});
export type InvitedFloor = Static<typeof InvitedFloor>;
export const InvitedFloors = Type.Object({ floors: Type.Array(InvitedFloor) });
export type InvitedFloors = Static<typeof InvitedFloors>;

export const invitationSchemas = {
  floorNum: { tags, summary: 'The invited floors: members, rates and reward per floor', body: NoFields, response: { 200: Ok(InvitedFloors), ...errors(...AUTH) } },
  floor: {
    tags,
    summary: 'The members of one invited floor, newest first',
    body: Paged({ floor: Floor() }),
    response: { 200: Ok(Page(TeamMember)), ...errors(400, 401) },
  },
  lowerIncome: {
    tags,
    summary: 'Lower-level income: my Team Benefits and Referral Bonus records, newest first, with the member, level and source',
    querystring: Paged({ kind: Type.Optional(Type.Union([Type.Literal('referral'), Type.Literal('team')], { description: 'Only one kind; both when absent.' })) }),
    response: { 200: Ok(Page(MemberReward)), ...errors(...AUTH) },
  },
} as const;

/** Join-group screenshots and video-share links that staff review; a passed one earns its reward once. */
export const RewardSubmission = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('Pending'), Type.Literal('Passed'), Type.Literal('Failed')], { description: 'Pending review, Passed or Failed (with the reason).' }),
  reason: Nullable(Type.String({ description: "The reviewer's reason when Failed." })),
  link: Nullable(Type.String({ description: 'The video link, or the screenshot: a link signed for its member, valid one to two hours.' })),
  createdAt: Time(),
});
export type RewardSubmission = Static<typeof RewardSubmission>;
export const SubmissionState = Type.Object({
  kind: Type.Union([Type.Literal('joingroup'), Type.Literal('video')]),
  amount: Micro('The configured reward.'),
  groupUrl: Nullable(Type.String({ description: 'The group to join (join-group only).' })),
  videoSites: Type.Array(Type.String(), { description: 'The sites a video link may point to (video share only).' }),
  submission: Nullable(RewardSubmission),
  reward: Nullable(RewardState),
});
export type SubmissionState = Static<typeof SubmissionState>;

export const submissionSchemas = {
  joinGroupStatus: { tags, summary: 'The join-group link, my latest screenshot and its review state', response: { 200: Ok(SubmissionState), ...errors(...AUTH) } },
  joinGroupUpload: {
    tags,
    summary: 'Send a join-group screenshot (multipart part "image": PNG, JPEG, WebP or GIF, at most 2 MB and 16 megapixels, decoded); one open or passed per member',
    consumes: ['multipart/form-data'],
    response: { 200: Ok(SubmissionState, 'Localized "waiting for review".'), ...errors(401, 409, 413, 415) },
  },
  shareLinkStatus: { tags, summary: 'The video sites, my latest video link and its review state', response: { 200: Ok(SubmissionState), ...errors(...AUTH) } },
  shareLinkSubmit: {
    tags,
    summary: 'Send a link to a video that shares the app (a URL on a configured video site); one open or passed per member',
    body: Type.Object({ url: Type.String({ maxLength: 500 }) }),
    response: { 200: Ok(SubmissionState, 'Localized "waiting for review".'), ...errors(401, 409) },
  },
} as const;
