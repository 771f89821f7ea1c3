import type { Holding } from '../../api/wallet';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days until the holding's end (rounded up), 0 once it ended or the server marked it Expired or
 * Sold (sold back early). The status is the server's word: an order expires only after its last day is paid.
 */
export function daysLeft(holding: Pick<Holding, 'status' | 'expireTime'>, now: number): number {
  const end = Date.parse(holding.expireTime);
  if (holding.status !== 'Valid' || !Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

export function agreementPath(orderId: number): string {
  return `/user/pdf?orderId=${encodeURIComponent(String(orderId))}`;
}
