/** Types for buying and for the member's orders (the `orders` service host); the calls are in ./endpoints.ts. */
import type { Order, OrderDay, OrderStatus, OrderTotals } from '@rigshare/api-schema';

export type { Order, OrderDay, OrderStatus, OrderTotals };

export interface CreateOrderInput {
  productId: number;
  quantity: number;
  couponId?: number;
  /** Idempotency key kept across retries of one purchase attempt. */
  requestId: string;
}
