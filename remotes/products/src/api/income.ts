/** Typed calls for daily income (the `receive` service host). */
import { get, post } from '@rigshare/api-client';
import type { IncomeSummary, MemberRecord } from '@rigshare/api-schema';
import type { Page } from '@rigshare/domain';

/** An income record is one of the member's records (the server's reply type, libs/api-schema). */
export type IncomeRecord = MemberRecord;
export type { IncomeSummary };

export interface TakeoutResult {
  record: IncomeRecord;
  /** The server's localized message ("... expected to arrive within 30 minutes"). */
  message: string;
}

export async function getIncomeSummary(signal?: AbortSignal): Promise<IncomeSummary> {
  const body = await get<IncomeSummary>('receive', 'income/summary', { silent: true, quiet: true, signal });
  return body.data;
}

/** Moves all pending income towards the wallet; a refusal is toasted by the client and rethrown. */
export async function takeoutIncome(requestId: string): Promise<TakeoutResult> {
  const body = await post<IncomeRecord>('receive', 'income/takeout', { requestId });
  return { record: body.data, message: body.msg };
}

export async function listIncomeRecords(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<Page<IncomeRecord>> {
  const body = await get<Page<IncomeRecord>>('receive', 'income/records', { silent: true, quiet: true, params: { pageNum, pageSize }, signal });
  return body.data;
}
