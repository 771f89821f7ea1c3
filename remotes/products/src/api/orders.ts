/** Types for buying and for the member's orders (the `orders` service host); the calls are in ./endpoints.ts. */
import type { Order, OrderDay, OrderStatus, OrderTotals, SellBackQuote } from '@rigshare/api-schema';

export type { Order, OrderDay, OrderStatus, OrderTotals, SellBackQuote };

/** Selling an order back at the price the member was quoted (refused when it changed meanwhile). */
export interface SellBackInput {
  orderId: number;
  amount: string;
}

export interface SellBackResult {
  order: Order;
  message: string;
}

export interface CreateOrderInput {
  productId: number;
  quantity: number;
  couponId?: number;
  /** Idempotency key kept across retries of one purchase attempt. */
  requestId: string;
}
