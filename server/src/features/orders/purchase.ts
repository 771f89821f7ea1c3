/** What a purchase is: what the member asks for, its request id and the ledger keys it posts under. */
import type { Outcome } from '../../batch-queue';
import type { OrderRow } from './views';

export interface CreateOrderInput {
  userId: number;
  productId: number;
  quantity: number;
  couponId: number | null;
  requestId: string;
  now: Date;
}

/** What one purchase of a batch came to: its order (new, or the one its requestId made before) or its refusal. */
export type PurchaseOutcome = Outcome<OrderRow>;

/** The content a requestId was first used for: the same id with other content is refused. */
export function requestHash(input: CreateOrderInput): string {
  return `product=${input.productId};quantity=${input.quantity};coupon=${input.couponId ?? ''}`;
}

/** The ledger keys of a purchase; the records screen finds the order from the operation key. */
export const purchaseOperationKey = (userId: number, requestId: string) => `order:${userId}:${requestId}`;
export const FIRST_ORDER_BONUS_KEY = (userId: number) => `bonus:first-order:${userId}`;
