/** The member's balances (the `assets` service host). */
import { get } from '@rigshare/api-client';
import type { WalletSummary } from '@rigshare/api-schema';

export type { WalletSummary };

export async function getWalletSummary(signal?: AbortSignal): Promise<WalletSummary> {
  const body = await get<WalletSummary>('assets', 'wallet/summary', { silent: true, quiet: true, signal });
  return body.data;
}
