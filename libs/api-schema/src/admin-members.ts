/**
 * The console's members section: find a member by phone or id, see what they hold, own and did, and
 * freeze or unfreeze them (a frozen member can log in and read, but cannot buy, withdraw or post).
 */
import { errors, Micro, Nullable, Ok, Page, Paged, Text, Time, Type, type Static } from './common';
import { action, GUARD, IdParams, Reason, tags, type AdminRouteSpec } from './admin-common';

export const MemberSearch = Paged({
  q: Type.Optional(Text(20, { description: 'A member id, or the start of a phone number; empty lists every member, newest first.' })),
});
export type MemberSearch = Static<typeof MemberSearch>;

const Frozen = {
  frozenAt: Nullable(Time('When staff froze the member; null when not frozen.')),
  frozenReason: Nullable(Type.String({ description: 'What the member is told.' })),
};

export const AdminMemberRow = Type.Object({ id: Type.Integer(), phone: Type.String(), name: Type.String(), createdAt: Time(), available: Micro(), ...Frozen });
export type AdminMemberRow = Static<typeof AdminMemberRow>;

export const AdminMemberRecord = Type.Object({
  id: Type.Integer({ description: 'The ledger transfer.' }),
  type: Type.String(),
  description: Type.String(),
  amount: Micro('Signed: positive when it reached the member (any of their accounts), negative when it left.'),
  at: Time(),
});

export const AdminMemberOrder = Type.Object({ id: Type.Integer(), product: Type.String(), quantity: Type.Integer(), amount: Micro(), status: Type.String(), createdAt: Time() });

export const AdminMember = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  inviteCode: Type.String(),
  email: Nullable(Type.String({ description: 'The address the member bound and proved with a code, or null.' })),
  createdAt: Time(),
  ...Frozen,
  balances: Type.Object({ available: Micro(), held: Micro('Income moving to the wallet.'), pendingIncome: Micro('Income not yet taken out.') }),
  orders: Type.Object({ total: Type.Integer({ minimum: 0 }), recent: Type.Array(AdminMemberOrder, { description: 'The newest 10.' }) }),
  records: Type.Array(AdminMemberRecord, { description: 'The newest 20 ledger transfers.' }),
  team: Type.Object({ A: Type.Integer(), B: Type.Integer(), C: Type.Integer() }),
});
export type AdminMember = Static<typeof AdminMember>;

export const MemberFreezeResult = Type.Object({ id: Type.Integer(), ...Frozen });
export type MemberFreezeResult = Static<typeof MemberFreezeResult>;

export const membersAdminSchemas = {
  members: { tags, summary: 'Members by id or phone prefix, newest first', querystring: MemberSearch, response: { 200: Ok(Page(AdminMemberRow)), ...errors(...GUARD) } },
  member: { tags, summary: "One member: balances, orders, latest records, team size, frozen state", params: IdParams, response: { 200: Ok(AdminMember), ...errors(...GUARD, 404) } },
  memberFreeze: action('Freezes a member with the reason they are told: they can read but not buy, withdraw or post', Reason, MemberFreezeResult),
  memberUnfreeze: action('Unfreezes a member', Reason, MemberFreezeResult),
} as const;

/** Support finds and reads members and freezes one who needs it (finance and admin too, for what they investigate). */
export const MEMBERS_ADMIN_ROUTES = {
  members: { method: 'GET', url: '/admin/members', roles: ['support', 'finance'] },
  member: { method: 'GET', url: '/admin/members/:id', roles: ['support', 'finance'] },
  memberFreeze: { method: 'POST', url: '/admin/members/:id/freeze', roles: ['support', 'finance'] },
  memberUnfreeze: { method: 'POST', url: '/admin/members/:id/unfreeze', roles: ['support', 'finance'] },
} as const satisfies Record<keyof typeof membersAdminSchemas, AdminRouteSpec>;
