/**
 * The console's money section besides funding (admin.ts fundPool / fundRewards): adjustments of a member's
 * balance, exchange codes within a budget, the ledger transfers staff made, and the USDT deposits the chain
 * watcher saw. Each call reaches the service the command line's credit / debit / exchange:* commands use.
 */
import { AmountText, errors, Id, Micro, Nullable, Ok, Page, PagingQuery, RequestId, Text, Time, Type, type Static } from './common';
import { GUARD, list, tags, type AdminRouteSpec } from './admin-common';


export const AdjustmentDraft = Type.Object({
  member: Id({ description: 'The member id.' }),
  direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
  amount: AmountText(),
  reason: Text(500, { minLength: 1 }),
  requestId: RequestId(),
});
export type AdjustmentDraft = Static<typeof AdjustmentDraft>;
export const AdjustmentResult = Type.Object({
  transferId: Type.Integer({ description: 'The ledger transfer the adjustment made (the same one on a retry).' }),
  amount: Micro(),
  balanceAfter: Micro("The member's available balance afterwards."),
});
export type AdjustmentResult = Static<typeof AdjustmentResult>;

export const AdminExchangeCode = Type.Object({
  code: Type.String(),
  status: Type.String({ description: 'Open or Closed.' }),
  amount: Micro('Credited to each member who redeems it.'),
  budget: Micro(),
  remaining: Micro('What is left of the budget.'),
  redemptions: Type.Integer({ minimum: 0 }),
  reason: Type.String(),
  createdAt: Time(),
});
export type AdminExchangeCode = Static<typeof AdminExchangeCode>;
export const ExchangeCodeDraft = Type.Object({
  code: Text(32, { minLength: 4, description: 'Letters and digits.' }),
  amount: AmountText(),
  budget: AmountText(),
  reason: Text(500, { minLength: 1 }),
});
export type ExchangeCodeDraft = Static<typeof ExchangeCodeDraft>;
export const CodeParams = Type.Object({ code: Text(32, { minLength: 1 }) });

export const StaffTransfer = Type.Object({
  id: Type.Integer(),
  type: Type.String({ description: 'Adjustment, Mining Revenue, Rewards Budget or Promotions Budget.' }),
  amount: Micro(),
  reason: Nullable(Type.String()),
  member: Nullable(Type.Integer({ description: 'The member an adjustment concerned.' })),
  at: Time(),
});
export type StaffTransfer = Static<typeof StaffTransfer>;

export const AdminUsdtDeposit = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  address: Type.String(),
  amount: Micro(),
  txHash: Type.String(),
  blockNumber: Type.String(),
  status: Type.String({ description: 'Pending (waiting for confirmations), Arrived, Below minimum or Dropped.' }),
  seenAt: Time(),
  arrivedAt: Nullable(Time()),
});
export type AdminUsdtDeposit = Static<typeof AdminUsdtDeposit>;

export const BudgetCoverage = Type.Object({
  budget: Type.Union([Type.Literal('pool'), Type.Literal('rewards'), Type.Literal('promotions')], {
    description: 'The revenue pool (daily income), the rewards budget (team rewards and bonuses) or the promotions budget (free first days, exchange codes, coupons).',
  }),
  balance: Micro('Funded and not reserved: what a new code or coupon can still reserve, and what pays free first days.'),
  reserved: Micro('What open exchange codes and coupons reserved and have not paid yet (promotions budget; 0 for the others).'),
  spentLastWeek: Micro('What the budget paid out in the last 7 days.'),
  daysCovered: Nullable(Type.Number({ minimum: 0, description: "How many days balance + reserved last at the last 7 days' rate; null when nothing was paid out." })),
});
export type BudgetCoverage = Static<typeof BudgetCoverage>;

export const moneyAdminSchemas = {
  moneyBudgets: { tags, summary: "Each budget staff fund: its balance, what it reserved, and the days it lasts at the last 7 days' rate", response: { 200: Ok(Type.Array(BudgetCoverage)), ...errors(...GUARD) } },
  moneyAdjust: {
    tags,
    summary: "Credits or debits a member's available balance with a reason (idempotent per requestId; a debit beyond the balance is refused)",
    body: AdjustmentDraft,
    response: { 200: Ok(AdjustmentResult), ...errors(...GUARD, 404, 409) },
  },
  moneyTransfers: list('The ledger transfers staff made (adjustments, pool and budget funding), newest first', StaffTransfer),
  exchangeCodes: list('Exchange codes, newest first, with what is left of each budget', AdminExchangeCode),
  exchangeCodeCreate: { tags, summary: 'Creates an open exchange code: an amount per member within a budget, reserved from the promotions budget (refused beyond what is funded and not reserved)', body: ExchangeCodeDraft, response: { 200: Ok(AdminExchangeCode), ...errors(...GUARD, 409) } },
  exchangeCodeClose: { tags, summary: 'Closes an open code: no further redemptions; what it did not pay returns to the promotions budget', params: CodeParams, body: Type.Object({}), response: { 200: Ok(AdminExchangeCode), ...errors(...GUARD, 404, 409) } },
  usdtDeposits: { tags, summary: 'USDT (BEP20) deposits the chain watcher saw, newest first', querystring: PagingQuery, response: { 200: Ok(Page(AdminUsdtDeposit)), ...errors(...GUARD) } },
} as const;

export const MONEY_ADMIN_ROUTES = {
  moneyBudgets: { method: 'GET', url: '/admin/money/budgets', roles: ['finance'] },
  moneyAdjust: { method: 'POST', url: '/admin/money/adjustments', roles: ['finance'] },
  moneyTransfers: { method: 'GET', url: '/admin/money/transfers', roles: ['finance'] },
  exchangeCodes: { method: 'GET', url: '/admin/money/exchange-codes', roles: ['finance'] },
  exchangeCodeCreate: { method: 'POST', url: '/admin/money/exchange-codes', roles: ['finance'] },
  exchangeCodeClose: { method: 'POST', url: '/admin/money/exchange-codes/:code/close', roles: ['finance'] },
  usdtDeposits: { method: 'GET', url: '/admin/usdt-deposits', roles: ['finance'] },
} as const satisfies Record<keyof typeof moneyAdminSchemas, AdminRouteSpec>;
