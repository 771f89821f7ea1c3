/** Types for buying and for the member's orders (the `orders` service host); the calls are in ./endpoints.ts. */
import type { Order, OrderStatus } from '@rigshare/domain';

export type { Order, OrderStatus };

export interface OrderTotals {
  orders: number;
  validOrders: number;
  invested: string;
  earned: string;
  expectedTotal: string;
}

/** One day of an order's income. */
export interface OrderDay {
  day: number;
  amount: string;
  accruedAt: string | null;
  status: 'Paid' | 'Delayed';
  reason: string | null;
}

export interface CreateOrderInput {
  productId: number;
  quantity: number;
  couponId?: number;
  /** Idempotency key kept across retries of one purchase attempt. */
  requestId: string;
}
