/** Balances, records, income, bindings, withdrawals, recharges and the exchange (hosts /api/assets, /api/receive, /api/user). */
import { RECORD_MONTH_PATTERN, RECORD_STATUSES, RECORD_TYPES } from '@rigshare/domain';
import { AmountText, AUTH, errors, Id, MESSAGE, Micro, NoData, NoFields, Nullable, Ok, Page, Paged, PagingQuery, RequestId, Text, Time, Type, type Static } from './common';

const wallet = ['wallet'];
const income = ['income'];
const security = ['fund password'];

export const RecordType = Type.Union(RECORD_TYPES.map((t) => Type.Literal(t)));
export const RecordStatus = Type.Union(RECORD_STATUSES.map((s) => Type.Literal(s)));
export const MemberRecord = Type.Object({
  id: Type.Integer({
    description: 'The ledger transfer\'s id; for a run\'s daily income paid into income payable, minus the run\'s id; for a reward paid into rewards payable, -(2^40 + the reward\'s id).',
  }),
  type: Type.Unsafe<(typeof RECORD_TYPES)[number]>(RecordType),
  amount: Micro('Signed: + into the member\'s wallet, - out of it.'),
  fee: Micro('What the operation cost (withdrawals: the fee), >= 0.'),
  net: Micro('|amount| - fee: what arrives.'),
  description: Type.String({ description: 'Translated.' }),
  time: Time(),
  status: Type.Unsafe<(typeof RECORD_STATUSES)[number]>(RecordStatus),
  code: Type.String({ description: 'The reference: T<transfer id>, R<run id> for a run\'s daily income, or W<reward id> for a reward paid into rewards payable.' }),
  txHash: Nullable(Type.String()),
});
export type MemberRecord = Static<typeof MemberRecord>;

export const Balance = Type.Object({
  available: Micro(),
  pendingIncome: Micro(),
  incomeArriving: Micro('Received income the settlement job has not moved to available yet.'),
  heldForWithdrawals: Micro('Withdrawals waiting for staff to pay them out.'),
  held: Micro('incomeArriving + heldForWithdrawals (the ledger\'s held account).'),
  currency: Type.Literal('USDT'),
  withdrawHoldUntil: Nullable(Time('Withdrawals wait until then after a security change.')),
  fundPasswordLockedUntil: Nullable(Time('Too many wrong fund passwords in a row: no PIN is checked until then.')),
  exchangeUsed: Type.Boolean(),
});
export type Balance = Static<typeof Balance>;

export const IncomeSummary = Type.Object({
  pendingIncome: Micro(),
  delayedDays: Type.Integer(),
  delayReason: Nullable(Type.String()),
  todayTakeoutAvailable: Type.Boolean(),
  lastTakeout: Nullable(MemberRecord),
});
export type IncomeSummary = Static<typeof IncomeSummary>;

export const ExchangeRate = Type.Object({
  currency: Type.String(),
  rate: Type.String({ description: 'Units of the currency per 1 USD, decimal text.' }),
  updatedAt: Time(),
  source: Type.String(),
  stale: Type.Boolean({ description: 'Older than the configured age: cash recharges in this currency are refused until staff set it again.' }),
});
export type ExchangeRate = Static<typeof ExchangeRate>;

export const Address = Type.Object({ id: Type.Integer(), currency: Type.Literal('USDT'), chain: Type.Literal('BEP20'), address: Type.String(), createTime: Time() });
export type Address = Static<typeof Address>;
export const BankCard = Type.Object({
  id: Type.Integer(),
  holderName: Type.String(),
  bankName: Type.String(),
  accountNumber: Type.String({ description: 'Masked: last 4 digits only.' }),
  ifsc: Type.String(),
  createTime: Time(),
});
export type BankCard = Static<typeof BankCard>;
export const RechargeChannel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  currency: Type.String({ description: 'ISO 4217 code of the channel (INR, NGN, ...).' }),
  minAmount: Micro('Minimum, in micro-units of the channel currency.'),
  kind: Type.String({ description: 'bank or cash.' }),
  instructions: Type.String({ description: 'Translated.' }),
});
export type RechargeChannel = Static<typeof RechargeChannel>;

export const Channel = Type.Union([Type.Literal('USDT'), Type.Literal('BANK')]);
export type Channel = Static<typeof Channel>;

/** The period filter of the record lists: one calendar month in the member's time zone. */
const PeriodQuery = {
  month: Type.Optional(Type.String({ pattern: `(${RECORD_MONTH_PATTERN})|^$`, default: '', [MESSAGE]: 'recordMonthInvalid', description: 'Only records of this month (YYYY-MM).', examples: ['2026-11'] })),
  timeZone: Type.Optional(
    Text(64, { [MESSAGE]: 'timeZoneInvalid', description: "The IANA zone the month is read in (the browser's); else the member's sign-in zone, else UTC." }),
  ),
};
export const WithdrawalStatus = Type.Union([Type.Literal('Pending'), Type.Literal('Succeeded'), Type.Literal('Failed')]);
export type WithdrawalStatus = Static<typeof WithdrawalStatus>;
export const Withdrawal = Type.Object({
  id: Type.Integer(),
  channel: Channel,
  amount: Micro(),
  fee: Micro(),
  net: Micro(),
  destination: Type.String(),
  status: WithdrawalStatus,
  createTime: Time(),
  decidedTime: Nullable(Time()),
  txHash: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});
export type Withdrawal = Static<typeof Withdrawal>;
export const WithdrawQuote = Type.Object({ amount: Micro(), fee: Micro(), net: Micro(), feePercent: Type.Number(), minimum: Micro() });
export type WithdrawQuote = Static<typeof WithdrawQuote>;
export const WithdrawInfo = Type.Object({ feePercent: Type.Number(), minimum: Micro(), arrival: Type.String({ description: 'Translated.' }) });
export type WithdrawInfo = Static<typeof WithdrawInfo>;

export const DepositStatus = Type.Union([Type.Literal('Pending'), Type.Literal('Arrived'), Type.Literal('Failed')]);
export const Deposit = Type.Object({
  id: Type.Integer(),
  bankId: Type.Integer(),
  currency: Type.String(),
  amount: Micro('In micro-units of the channel currency.'),
  usdtAmount: Micro(),
  reference: Type.String(),
  status: DepositStatus,
  createTime: Time(),
});
export type Deposit = Static<typeof Deposit>;

export const UsdtDepositInfo = Type.Object({
  enabled: Type.Boolean(),
  reason: Nullable(Type.Union([Type.Literal('noRpc'), Type.Literal('noXpub'), Type.Literal('decimalsMismatch')])),
  message: Nullable(Type.String()),
  address: Nullable(Type.String()),
  network: Type.Literal('BEP20'),
  chainName: Type.String(),
  token: Type.Literal('USDT'),
  tokenAddress: Type.String(),
  minimum: Micro(),
  confirmations: Type.Integer(),
});
export type UsdtDepositInfo = Static<typeof UsdtDepositInfo>;
export const UsdtDeposit = Type.Object({
  id: Type.Integer(),
  txHash: Type.String(),
  amount: Micro(),
  status: Type.Union([Type.Literal('Pending'), Type.Literal('Arrived'), Type.Literal('Below minimum'), Type.Literal('Dropped')]),
  confirmations: Type.Integer(),
  required: Type.Integer(),
  reason: Nullable(Type.String()),
  createTime: Time(),
  arrivedTime: Nullable(Time()),
});
export type UsdtDeposit = Static<typeof UsdtDeposit>;

export const Exchange = Type.Object({ id: Type.Integer(), code: Type.String(), amount: Micro(), createTime: Time() });
export type Exchange = Static<typeof Exchange>;

const AddressBody = Type.Object({ currency: Text(16), chain: Text(16), address: Text(128, { [MESSAGE]: 'addressInvalid' }) });
const BankBody = Type.Object({
  holderName: Text(256, { [MESSAGE]: 'holderNameInvalid' }),
  bankName: Text(256, { [MESSAGE]: 'bankNameInvalid' }),
  accountNumber: Text(64, { [MESSAGE]: 'accountNumberInvalid' }),
  ifsc: Text(32, { [MESSAGE]: 'ifscInvalid' }),
});
export const WithdrawBody = Type.Object({ channel: Text(8), amount: AmountText(), payPassword: Text(64), requestId: RequestId() });
export const CashRechargeBody = Type.Object({ bankId: Text(16), amount: AmountText(), reference: Text(128, { [MESSAGE]: 'rechargeReferenceInvalid' }), requestId: RequestId() });

export const walletSchemas = {
  hasPayPassword: { tags: security, summary: 'Whether the member has a fund password', body: NoFields, response: { 200: Ok(Type.Object({ hasPayPassword: Type.Boolean() })), ...errors(...AUTH) } },
  payPasswordCode: { tags: security, summary: "Send an SMS code to the member's phone", body: Type.Object({ captchaId: Text(64), captchaCode: Text(16) }), response: { 200: Ok(NoData), ...errors(...AUTH) } },
  updatePayPassword: {
    tags: security,
    summary: 'Set the fund password with an SMS code',
    body: Type.Object({ smsCode: Text(16), payPassword: Text(64), confirmPayPassword: Text(64) }),
    response: { 200: Ok(NoData), ...errors(...AUTH) },
  },
  address: { tags: wallet, summary: "The member's USDT address", response: { 200: Ok(Nullable(Address)), ...errors(...AUTH) } },
  saveAddress: { tags: wallet, summary: 'Bind (or replace) the USDT address', body: AddressBody, response: { 200: Ok(Address), ...errors(401, 409) } },
  bank: { tags: wallet, summary: "The member's bank card", response: { 200: Ok(Nullable(BankCard)), ...errors(...AUTH) } },
  saveBank: { tags: wallet, summary: 'Bind or replace the bank card', body: BankBody, response: { 200: Ok(BankCard), ...errors(401, 409) } },
  deleteBinding: {
    tags: wallet,
    summary: "Delete the member's saved address or bank card by id (another member's id deletes nothing); starts the withdrawal hold",
    body: Type.Object({ id: Id() }),
    response: { 200: Ok(Type.Object({ deleted: Type.Boolean({ description: 'False when there was nothing of the member to delete (a repeat).' }) })), ...errors(...AUTH) },
  },
  payChannels: { tags: wallet, summary: 'Recharge channels', response: { 200: Ok(Type.Array(RechargeChannel)), ...errors(...AUTH) } },
  balance: { tags: wallet, summary: "The member's balances in each state, the withdrawal hold and the fund-password lock", response: { 200: Ok(Balance), ...errors(...AUTH) } },
  records: {
    tags: wallet,
    summary: "The member's records, newest first",
    querystring: Paged({
      type: Type.Optional(Text(32, { [MESSAGE]: 'recordKindInvalid', description: 'A record type or its number 1..9.' })),
      status: Type.Optional(Text(32, { description: 'A record status.' })),
      ...PeriodQuery,
    }),
    response: { 200: Ok(Page(MemberRecord)), ...errors(...AUTH) },
  },
  withdrawals: {
    tags: wallet,
    summary: "The member's withdrawals, newest first",
    querystring: Paged({
      channel: Type.Optional(Type.Union([Channel, Type.Literal('')], { [MESSAGE]: 'recordKindInvalid', description: 'Only this channel: USDT or BANK.' })),
      ...PeriodQuery,
    }),
    response: { 200: Ok(Page(Withdrawal)), ...errors(...AUTH) },
  },
  withdrawQuote: { tags: wallet, summary: 'Fee and net of a withdrawal (no side effects)', body: Type.Object({ channel: Text(8), amount: AmountText() }), response: { 200: Ok(WithdrawQuote), ...errors(...AUTH) } },
  withdrawInfo: { tags: wallet, summary: 'Fee, minimum and arrival of a channel', querystring: Type.Object({ channel: Text(8) }), response: { 200: Ok(WithdrawInfo), ...errors(...AUTH) } },
  withdraw: { tags: wallet, summary: 'Request a withdrawal (idempotent by requestId)', body: WithdrawBody, response: { 200: Ok(Withdrawal), ...errors(401, 403, 409) } },
  cashRecharge: { tags: wallet, summary: 'Report a cash or bank recharge (idempotent by requestId)', body: CashRechargeBody, response: { 200: Ok(Deposit), ...errors(401, 404, 409) } },
  cashRecharges: { tags: wallet, summary: "The member's cash and bank recharges", querystring: PagingQuery, response: { 200: Ok(Page(Deposit)), ...errors(...AUTH) } },
  usdtInfo: { tags: wallet, summary: "The member's USDT (BEP20) deposit address and terms", response: { 200: Ok(UsdtDepositInfo), ...errors(...AUTH) } },
  usdtRecords: { tags: wallet, summary: "The member's USDT deposits", querystring: PagingQuery, response: { 200: Ok(Page(UsdtDeposit)), ...errors(...AUTH) } },
  exchangeRedeem: {
    tags: wallet,
    summary: 'Redeem an exchange code (once per member)',
    body: Type.Object({ code: Text(64), requestId: RequestId() }),
    response: { 200: Ok(Exchange, 'Localized "Exchange successful".'), ...errors(401, 404, 409) },
  },
  exchangeStatus: { tags: wallet, summary: "The member's exchange", response: { 200: Ok(Type.Object({ used: Type.Boolean(), record: Nullable(Exchange) })), ...errors(...AUTH) } },
  incomeSummary: { tags: income, summary: 'Income waiting to be taken out', response: { 200: Ok(IncomeSummary), ...errors(...AUTH) } },
  takeout: { tags: income, summary: 'Take out all pending income (idempotent by requestId)', body: Type.Object({ requestId: RequestId() }), response: { 200: Ok(MemberRecord, 'Localized "Income received".'), ...errors(...AUTH) } },
  incomeRecords: { tags: income, summary: "The member's income records", querystring: PagingQuery, response: { 200: Ok(Page(MemberRecord)), ...errors(...AUTH) } },
  exchangeRate: { tags: income, summary: 'Units of a currency per 1 USD', querystring: Type.Object({ currency: Text(3, { pattern: '^[A-Za-z]{3}$' }) }), response: { 200: Ok(ExchangeRate), ...errors(401, 404) } },
} as const;
