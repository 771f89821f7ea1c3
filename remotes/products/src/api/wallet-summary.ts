/** The member's balances (the `assets` service host). */
import { get } from '@rigshare/api-client';

/** Balances of the member's ledger accounts, micro-unit strings. */
export interface WalletSummary {
  available: string;
  pendingIncome: string;
  /** Held for settlement (0 until withdrawals exist). */
  held: string;
  currency: string;
}

export async function getWalletSummary(signal?: AbortSignal): Promise<WalletSummary> {
  const body = await get<WalletSummary>('assets', 'wallet/summary', { silent: true, quiet: true, signal });
  return body.data;
}
