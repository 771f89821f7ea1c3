/**
 * The staff console's API (/admin/*): staff sessions with a TOTP second factor, and the staff actions the
 * command line also runs (the same services). Every /admin route except the login answers 401 without a
 * staff session and 403 to a member's token or a role that may not run it; `admin` may run everything.
 * The staff session token travels in X-Access-Token like a member's.
 */
import { AmountText, errors, Id, Micro, NoFields, Nullable, Ok, Page, Paged, RequestId, Text, Time, Type, type Static } from './common';
import { action, GUARD, list, Reason, StaffRoleSchema, tags, type AdminRouteSpec, type StaffRole } from './admin-common';
import { CONTENT_ADMIN_ROUTES, contentAdminSchemas } from './admin-content';
import { MEMBERS_ADMIN_ROUTES, membersAdminSchemas } from './admin-members';
import { MONEY_ADMIN_ROUTES, moneyAdminSchemas } from './admin-money';
import { CATALOGUE_ADMIN_ROUTES, catalogueAdminSchemas } from './admin-catalogue';

export { STAFF_ROLES, StaffRoleSchema, IdParams, Reason, type StaffRole, type AdminRouteSpec } from './admin-common';


export const StaffLogin = Type.Object({
  login: Text(64, { minLength: 1 }),
  password: Text(128, { minLength: 1 }),
  code: Text(6, { description: 'The 6-digit code of the authenticator app.' }),
});
export type StaffLogin = Static<typeof StaffLogin>;

export const StaffCredentials = Type.Object({ login: Text(64, { minLength: 1 }), password: Text(128, { minLength: 1 }) });
export type StaffCredentials = Static<typeof StaffCredentials>;

export const StaffEnrolment = Type.Object({
  otpauthUri: Type.String({ description: 'otpauth://totp/... for the authenticator app.' }),
  qrDataUrl: Type.String({ description: 'The same URI as a QR code, a data:image/png;base64 URL.' }),
});
export type StaffEnrolment = Static<typeof StaffEnrolment>;

export const StaffMe = Type.Object({ login: Type.String(), role: StaffRoleSchema });
export type StaffMe = Static<typeof StaffMe>;

export const StaffSession = Type.Object({
  token: Type.String({ description: 'Send it in X-Access-Token; it expires after 30 minutes without a request.' }),
  staff: StaffMe,
  idleMinutes: Type.Integer({ minimum: 1 }),
});
export type StaffSession = Static<typeof StaffSession>;

const Balance = (description: string) =>
  Type.Object({
    balance: Micro(description),
    daysCovered: Nullable(Type.Number({ minimum: 0, description: 'How many days of income (the last 7 days\' average outflow) the balance covers; null when nothing flowed out.' })),
  });

export const AdminDashboard = Type.Object({
  pending: Type.Object({
    recharges: Type.Integer({ minimum: 0 }),
    withdrawals: Type.Integer({ minimum: 0 }),
    posts: Type.Integer({ minimum: 0 }),
    submissions: Type.Integer({ minimum: 0, description: 'Join-group screenshots and video links waiting for review.' }),
    feedback: Type.Integer({ minimum: 0 }),
  }),
  revenuePool: Balance('The revenue pool that pays daily income.'),
  rewardsBudget: Balance('The rewards budget that pays team rewards and bonuses.'),
  liabilities: Micro('What the platform owes members: available + held + income owed.'),
});
export type AdminDashboard = Static<typeof AdminDashboard>;

export const AdminRecharge = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  channel: Type.String(),
  currency: Type.String(),
  amount: Micro('In the deposit currency.'),
  usdtAmount: Micro('What is credited, in USDT.'),
  reference: Type.String({ description: "The member's payment reference." }),
  createdAt: Time(),
});
export type AdminRecharge = Static<typeof AdminRecharge>;

export const AdminRechargeResult = Type.Object({ id: Type.Integer(), status: Type.String(), alreadyConfirmed: Type.Boolean() });
export type AdminRechargeResult = Static<typeof AdminRechargeResult>;

export const WithdrawalApproval = Type.Object({ staff: Type.String(), at: Time() });
export const AdminWithdrawal = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  channel: Type.String(),
  amount: Micro(),
  fee: Micro(),
  net: Micro('What is paid out.'),
  payoutTo: Type.String({ description: 'The address or bank account to pay.' }),
  createdAt: Time(),
  approvalsNeeded: Type.Integer({ minimum: 1, maximum: 2, description: '2 above the four-eyes threshold.' }),
  approvals: Type.Array(WithdrawalApproval),
});
export type AdminWithdrawal = Static<typeof AdminWithdrawal>;

export const WithdrawalApprove = Type.Object({
  txHash: Text(66, { description: 'USDT: 0x and 64 hex characters.' }),
  reference: Text(100, { description: 'Bank: the transfer reference. Exactly one of txHash or reference.' }),
});

export const AdminWithdrawalResult = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('Pending'), Type.Literal('Succeeded'), Type.Literal('Failed')], {
    description: 'Pending: this approval was recorded and a second finance staff member must approve.',
  }),
  approvals: Type.Array(WithdrawalApproval),
  approvalsNeeded: Type.Integer({ minimum: 1, maximum: 2 }),
  txHash: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});
export type AdminWithdrawalResult = Static<typeof AdminWithdrawalResult>;

export const AdminPost = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  content: Type.String(),
  images: Type.Integer({ minimum: 0 }),
  urls: Type.Array(Type.String(), { description: "The post's images in order: links signed for this staff member, valid one to two hours (GET /api/user/files/:id)." }),
  createdAt: Time(),
});
export type AdminPost = Static<typeof AdminPost>;

export const AdminSubmission = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('joingroup'), Type.Literal('video')]),
  phone: Type.String(),
  link: Type.String({ description: "The video link, or the screenshot's link signed for this staff member (valid one to two hours)." }),
  createdAt: Time(),
});
export type AdminSubmission = Static<typeof AdminSubmission>;

export const ReviewResult = Type.Object({ id: Type.Integer(), status: Type.Union([Type.Literal('Passed'), Type.Literal('Failed')]) });
export type ReviewResult = Static<typeof ReviewResult>;

export const AdminFeedback = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  content: Type.String(),
  attachment: Nullable(Type.String({ description: 'The attached picture: a link signed for this staff member, valid one to two hours; null when none.' })),
  createdAt: Time(),
});
export type AdminFeedback = Static<typeof AdminFeedback>;
export const FeedbackReply = Type.Object({ text: Text(2000, { minLength: 1 }) });

export const AuditRow = Type.Object({
  id: Type.Integer(),
  at: Time(),
  staff: Type.String(),
  role: Nullable(Type.String()),
  action: Type.String({ description: 'e.g. withdrawal.approve, post.fail, staff.login.' }),
  target: Type.String({ description: 'e.g. withdrawal:12, post:3, member:7.' }),
  member: Nullable(Type.Integer({ description: 'The member the action concerned, when one did.' })),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  details: Nullable(Type.String()),
  sourceAddress: Nullable(Type.String({ description: 'The IP address the action came from; null on the command line.' })),
});
export type AuditRow = Static<typeof AuditRow>;

export const AuditQuery = Paged({
  staff: Type.Optional(Text(100)),
  action: Type.Optional(Text(64)),
  member: Type.Optional(Id()),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Inclusive, ISO 8601.' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Exclusive, ISO 8601.' })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const MoneyFund = Type.Object({
  amount: AmountText(),
  reason: Text(500, { minLength: 1 }),
  requestId: RequestId(),
});
export type MoneyFund = Static<typeof MoneyFund>;
export const MoneyResult = Type.Object({
  transferId: Type.Integer({ description: 'The ledger transfer the funding made.' }),
  amount: Micro(),
  rewardsPaid: Type.Integer({ minimum: 0, description: 'Rewards that waited for the budget and were paid now (rewards budget only).' }),
});
export type MoneyResult = Static<typeof MoneyResult>;


export const adminSchemas = {
  enrolment: {
    tags,
    summary: 'First login of a staff account not yet enrolled: the TOTP secret as an otpauth URI and a QR code (login then confirms it with one code)',
    body: StaffCredentials,
    response: { 200: Ok(StaffEnrolment), ...errors(400, 401, 429) },
  },
  login: {
    tags,
    summary: 'Staff login with password and TOTP code (a wrong password and a wrong code answer the same); rate-limited per login and address',
    body: StaffLogin,
    response: { 200: Ok(StaffSession), ...errors(400, 401, 429) },
  },
  logout: { tags, summary: 'Ends this staff session', response: { 200: Ok(Type.Null()), ...errors(...GUARD) } },
  me: { tags, summary: 'The staff member of this session and their role', response: { 200: Ok(StaffMe), ...errors(...GUARD) } },
  dashboard: { tags, summary: 'Pending counts, pool and budget balances with the days they cover, member liabilities', response: { 200: Ok(AdminDashboard), ...errors(...GUARD) } },
  recharges: list('Cash recharges waiting for confirmation, oldest first', AdminRecharge),
  rechargeConfirm: action('Confirms a cash recharge arrived and credits it once', NoFields, AdminRechargeResult),
  rechargeReject: action('Refuses a cash recharge with a reason; nothing is credited', Reason, AdminRechargeResult),
  withdrawals: list('Withdrawals waiting for payment, oldest first, with their approvals', AdminWithdrawal),
  withdrawalApprove: action(
    'Approves a withdrawal with the chain tx hash or bank reference; above the four-eyes threshold the second approval (by another staff member) pays it',
    WithdrawalApprove,
    AdminWithdrawalResult,
  ),
  withdrawalReject: action('Refuses a withdrawal with a reason; the amount returns to the member', Reason, AdminWithdrawalResult),
  posts: list('Community posts waiting for review, oldest first', AdminPost),
  postPass: action('Publishes a pending post', NoFields, ReviewResult),
  postFail: action('Refuses a pending post with a reason the author reads', Reason, ReviewResult),
  submissions: list('Join-group screenshots and video links waiting for review, oldest first', AdminSubmission),
  submissionPass: action('Passes a submission: its reward is granted once', NoFields, ReviewResult),
  submissionFail: action('Fails a submission with a reason the member reads', Reason, ReviewResult),
  feedback: list('Feedback without a reply, oldest first', AdminFeedback),
  feedbackReply: action('Replies to a feedback; the member reads it and gets a message', FeedbackReply, Type.Object({ id: Type.Integer() })),
  fundPool: {
    tags,
    summary: 'Records mining revenue into the revenue pool (idempotent per requestId)',
    body: MoneyFund,
    response: { 200: Ok(MoneyResult), ...errors(...GUARD, 409) },
  },
  fundRewards: {
    tags,
    summary: 'Funds the rewards budget, then pays the rewards that waited for it (idempotent per requestId)',
    body: MoneyFund,
    response: { 200: Ok(MoneyResult), ...errors(...GUARD, 409) },
  },
  fundPromotions: {
    tags,
    summary: 'Funds the promotions budget that pays free first days and that exchange codes and coupons reserve from (idempotent per requestId)',
    body: MoneyFund,
    response: { 200: Ok(MoneyResult), ...errors(...GUARD, 409) },
  },
  audit: { tags, summary: 'The audit log, newest first, filtered by staff, action, member and time', querystring: AuditQuery, response: { 200: Ok(Page(AuditRow)), ...errors(...GUARD) } },
  // Each area of the console in its own module (admin-<area>.ts): spread its schemas here.
  ...membersAdminSchemas,
  ...contentAdminSchemas,
  ...moneyAdminSchemas,
  ...catalogueAdminSchemas,
} as const;

/** The routes, their paths and the roles allowed (besides admin); the console reads it to hide what a role cannot do. */
export const ADMIN_ROUTES = {
  enrolment: { method: 'POST', url: '/admin/enrolment', roles: null },
  login: { method: 'POST', url: '/admin/session', roles: null },
  logout: { method: 'DELETE', url: '/admin/session', roles: ['support', 'finance', 'content'] },
  me: { method: 'GET', url: '/admin/me', roles: ['support', 'finance', 'content'] },
  dashboard: { method: 'GET', url: '/admin/dashboard', roles: ['support', 'finance', 'content'] },
  recharges: { method: 'GET', url: '/admin/recharges', roles: ['finance'] },
  rechargeConfirm: { method: 'POST', url: '/admin/recharges/:id/confirm', roles: ['finance'] },
  rechargeReject: { method: 'POST', url: '/admin/recharges/:id/reject', roles: ['finance'] },
  withdrawals: { method: 'GET', url: '/admin/withdrawals', roles: ['finance'] },
  withdrawalApprove: { method: 'POST', url: '/admin/withdrawals/:id/approve', roles: ['finance'] },
  withdrawalReject: { method: 'POST', url: '/admin/withdrawals/:id/reject', roles: ['finance'] },
  posts: { method: 'GET', url: '/admin/posts', roles: ['content'] },
  postPass: { method: 'POST', url: '/admin/posts/:id/pass', roles: ['content'] },
  postFail: { method: 'POST', url: '/admin/posts/:id/fail', roles: ['content'] },
  submissions: { method: 'GET', url: '/admin/submissions', roles: ['content'] },
  submissionPass: { method: 'POST', url: '/admin/submissions/:id/pass', roles: ['content'] },
  submissionFail: { method: 'POST', url: '/admin/submissions/:id/fail', roles: ['content'] },
  feedback: { method: 'GET', url: '/admin/feedback', roles: ['support'] },
  feedbackReply: { method: 'POST', url: '/admin/feedback/:id/reply', roles: ['support'] },
  fundPool: { method: 'POST', url: '/admin/money/pool', roles: ['finance'] },
  fundRewards: { method: 'POST', url: '/admin/money/rewards', roles: ['finance'] },
  fundPromotions: { method: 'POST', url: '/admin/money/promotions', roles: ['finance'] },
  audit: { method: 'GET', url: '/admin/audit', roles: [] },
  // Each area of the console in its own module (admin-<area>.ts): spread its routes here.
  ...MEMBERS_ADMIN_ROUTES,
  ...CONTENT_ADMIN_ROUTES,
  ...MONEY_ADMIN_ROUTES,
  ...CATALOGUE_ADMIN_ROUTES,
} as const satisfies Record<keyof typeof adminSchemas, AdminRouteSpec>;

/** Whether a role may run a route (admin may run every one); null roles: open (login). */
export const staffMay = (role: StaffRole, route: keyof typeof ADMIN_ROUTES): boolean => {
  const roles: readonly StaffRole[] | null = ADMIN_ROUTES[route].roles;
  return roles === null || role === 'admin' || roles.includes(role);
};
