/** Daily income types (the `receive` service host); the calls are RTK Query endpoints in ./endpoints.ts. */

export type IncomeRecordType = 'Daily Income' | 'Buy Machine' | 'Adjustment' | 'Bonus';
export type IncomeRecordStatus = 'Processing' | 'Arrived' | 'Succeeded' | 'Failed' | 'Pending';

export interface IncomeRecord {
  id: number;
  type: IncomeRecordType;
  /** Micro-unit string, positive in, negative out. */
  amount: string;
  /** Localized by the server. */
  description: string;
  time: string;
  status: IncomeRecordStatus;
  /** Ledger transfer reference. */
  code: string;
}

export interface IncomeSummary {
  pendingIncome: string;
  delayedDays: number;
  delayReason: string | null;
  todayTakeoutAvailable: boolean;
  lastTakeout: IncomeRecord | null;
}

export interface TakeoutResult {
  record: IncomeRecord;
  /** The server's localized message ("... expected to arrive within 30 minutes"). */
  message: string;
}
