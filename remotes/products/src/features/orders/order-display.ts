import type { Order } from '../../api/orders';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrderView {
  status: Order['status'];
  /** Whole days until the expire date (rounded up), 0 once it has passed or the order ended (expired or sold back). */
  daysLeft: number;
  /** Some days' income waits for mining revenue to be recorded. */
  delayed: boolean;
  daysDelayed: number;
  /** Days paid out of the valid days, for the progress line. */
  daysPaid: number;
  validDays: number;
}

/**
 * How an order is shown. The status is the server's word (an order expires only after its last
 * day is paid, so a delayed order past its date is still Valid); the days left come from its date.
 */
export function orderView(order: Pick<Order, 'status' | 'expireTime' | 'daysDelayed' | 'daysPaid' | 'validDays'>, now: number): OrderView {
  const status = order.status === 'Expired' || order.status === 'Sold' ? order.status : 'Valid';
  const expire = Date.parse(order.expireTime);
  const daysLeft = status !== 'Valid' || !Number.isFinite(expire) ? 0 : Math.max(0, Math.ceil((expire - now) / DAY_MS));
  const daysDelayed = Math.max(0, order.daysDelayed);
  return { status, daysLeft, delayed: daysDelayed > 0, daysDelayed, daysPaid: Math.max(0, order.daysPaid), validDays: order.validDays };
}

export function orderDetailPath(id: number): string {
  return `/user/orders?id=${encodeURIComponent(String(id))}`;
}
