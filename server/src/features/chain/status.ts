import type { ChainConfig } from '../../config';

/** Why the USDT deposit watcher is off by configuration, or null when it can run. */
export type ChainOffReason = 'noRpc' | 'noXpub';

export function chainOffReason(config: ChainConfig): ChainOffReason | null {
  if (!config.rpcUrl) return 'noRpc';
  if (!config.depositXpub) return 'noXpub';
  return null;
}

/** The one log line saying why the watcher is off (for operators; members see a translated message). */
export const OFF_LOG_LINES: Record<ChainOffReason, string> = {
  noRpc: 'USDT deposit watcher off: CHAIN_RPC_URL is not set, so no USDT (BEP20) deposit is detected or credited and the recharge screen says USDT deposits are unavailable',
  noXpub: 'USDT deposit watcher off: DEPOSIT_XPUB is not set, so members get no deposit address and the recharge screen says USDT deposits are unavailable',
};
