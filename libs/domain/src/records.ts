/**
 * The member's records (SPEC.md section 3): every movement of their money, as the API lists it
 * and the wallet shows it. "Govt Subsidy" is deliberately absent (DESIGN.md section 1); staff
 * credits are "Adjustment" with the staff member's reason.
 */

/** Record types, in the order of the numeric filter: 1 Recharge .. 9 Exchange, then the rest. */
export const RECORD_TYPES = [
  'Recharge',
  'Withdrawal',
  'Buy Machine',
  'Team Benefits',
  'Daily Income',
  'Bonus',
  'Adjustment',
  'Withdrawal Failed',
  'Exchange',
  'Random Bonus',
  'Referral Bonus',
  'Invite Bonus',
  'Sell Back',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const RECORD_STATUSES = ['Succeeded', 'Failed', 'Processing', 'Pending', 'Arrived', 'Not Receive', 'Receive', 'Expired'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** The numeric type filter ("/user/record?type=5" from the home header = Daily Income). */
export const RECORD_FILTERS: Record<number, RecordType> = Object.fromEntries(RECORD_TYPES.slice(0, 9).map((type, i) => [i + 1, type]));

export interface MemberRecord {
  id: number;
  type: RecordType;
  /** Signed: + into the member's wallet, - out of it. */
  amount: string;
  /** What the operation cost (withdrawals: the 5% fee), >= 0. */
  fee: string;
  /** |amount| - fee: what arrives (withdrawals: what the member is paid). */
  net: string;
  description: string;
  time: string;
  status: RecordStatus;
  /**
   * The reference: T<transfer id>, R<run id> for a run's daily income (paid into income payable), or W<reward id>
   * for a reward paid into rewards payable (docs/ledger.md).
   */
  code: string;
  txHash: string | null;
}
