/**
 * Whether a product can be bought at an instant: one rule for the purchase panel and the server's
 * createOrder, so the button shows what the server will do. The sale window is
 * [startTime, endTime): it opens at its start instant and is closed at its end instant, whatever the
 * status badge says (a pre-sale counts down to the start, a rush purchase to the end).
 */
import { PRODUCT_STATUS } from './catalog';

export type SaleState = 'open' | 'soldOut' | 'notStarted' | 'ended';

export interface SaleWindow {
  status: number;
  /** ISO 8601. */
  startTime: string;
  /** ISO 8601. */
  endTime: string;
  unitsLeft: number;
}

export function saleState(product: SaleWindow, now: number): SaleState {
  if (product.status === PRODUCT_STATUS.soldOut || product.unitsLeft <= 0) return 'soldOut';
  const start = Date.parse(product.startTime);
  const end = Date.parse(product.endTime);
  // An unreadable time never opens a sale.
  if (!Number.isFinite(start) || now < start) return 'notStarted';
  if (!Number.isFinite(end) || now >= end) return 'ended';
  return 'open';
}
