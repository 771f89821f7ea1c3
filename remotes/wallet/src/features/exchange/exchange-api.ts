/** The member's one exchange (host `assets`). */
import { get, post, type RequestOptions } from '@rigshare/api-client';

/** The screen shows loading and refusals itself. */
const OWN_STATES: RequestOptions = { silent: true, quiet: true };

export interface ExchangeRecord {
  id: number;
  code: string;
  /** Micro-USDT credited. */
  amount: string;
  createTime: string;
}

export interface ExchangeStatus {
  used: boolean;
  record: ExchangeRecord | null;
}

export async function getExchangeStatus(signal?: AbortSignal): Promise<ExchangeStatus> {
  return (await get<ExchangeStatus>('assets', 'exchange/status', { ...OWN_STATES, signal })).data;
}

/** Resolves with the credit and the server's "Exchange successful"; a refusal throws an ApiError with its message. */
export async function redeemExchange(code: string, requestId: string): Promise<{ record: ExchangeRecord; message: string }> {
  const body = await post<ExchangeRecord>('assets', 'exchange/redeem', { code, requestId }, OWN_STATES);
  return { record: body.data, message: body.msg };
}
