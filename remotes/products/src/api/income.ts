/** Daily income types (the `receive` service host); the calls are RTK Query endpoints in ./endpoints.ts. */
import type { IncomeSummary, MemberRecord } from '@rigshare/api-schema';

/** An income record is one of the member's records (the server's reply type, libs/api-schema). */
export type IncomeRecord = MemberRecord;
export type { IncomeSummary };

export interface TakeoutResult {
  record: IncomeRecord;
  /** The server's localized message ("... expected to arrive within 30 minutes"). */
  message: string;
}
