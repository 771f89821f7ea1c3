/**
 * The wallet's server types, from the API contract (libs/api-schema): one definition for both
 * sides. The calls themselves are RTK Query endpoints (./endpoints.ts).
 */
import type { MemberRecord } from '@rigshare/api-schema';

export { RECORD_FILTERS, RECORD_STATUSES, RECORD_TYPES } from '@rigshare/domain';
export type { RecordStatus, RecordType, UsdtDepositStatus } from '@rigshare/domain';
export type {
  Address,
  Balance,
  BankCard,
  Channel,
  Deposit,
  Exchange as ExchangeRecord,
  RechargeChannel,
  UsdtDeposit,
  UsdtDepositInfo,
  Withdrawal,
  WithdrawalStatus,
  WithdrawInfo,
  WithdrawQuote,
} from '@rigshare/api-schema';
export type { Order as Holding } from '@rigshare/domain';
export type { ExchangeStatus } from './endpoints';
export type WalletRecord = MemberRecord;
