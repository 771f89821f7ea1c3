/**
 * How each purchase of a batch is decided (features/orders/service.ts, step 4), against what the database
 * said and what the purchases before it in the batch left. No database here: the same checks in the same
 * order as when purchases ran one by one.
 */
import { couponFit, saleState, type CouponTerms, type SaleState } from '@rigshare/domain';
import { toMicro } from '../../db/schema';
import { AppError } from '../../errors';
import { requestHash, type CreateOrderInput } from './purchase';
import { holding, type CouponRow, type History, type Product } from './purchase-reads';

export interface Price {
  unitPrice: bigint;
  /** What the member pays: the units' price less the coupon. */
  amount: bigint;
  couponAmount: bigint;
  userCouponId: number | null;
}

export interface Accepted {
  kind: 'accepted';
  /** The purchase's place in the batch. */
  index: number;
  input: CreateOrderInput;
  product: Product;
  price: Price;
  accounts: { available: number; pendingIncome: number };
  /** The free first day's income when this is the member's first order (and it earns something), else 0. */
  freeFirstDay: bigint;
}

export type Decision =
  | Accepted
  | { kind: 'replayed'; orderId: number }
  /** The same requestId and content as an earlier purchase of this batch: that purchase's order. */
  | { kind: 'sameAs'; index: number }
  | { kind: 'refused'; error: AppError };

export const requestOf = (input: Pick<CreateOrderInput, 'userId' | 'requestId'>) => `${input.userId}:${input.requestId}`;

/** What the purchases decided so far in this batch have changed, so each later one is decided as if they had committed. */
export class BatchState {
  readonly available: Map<number, bigint>;
  /** Units taken in this batch, by product. */
  readonly taken = new Map<number, number>();
  /** `user:requestId` -> the accepted purchase's index and content. */
  readonly requests = new Map<string, { index: number; hash: string }>();
  readonly usedCoupons = new Set<number>();

  constructor(
    readonly accounts: Map<number, { 'member.available': { id: number; balance: bigint }; 'member.pending_income': { id: number } }>,
    readonly history: History,
    /** Units held per member and product (maxBuy), this batch's included. */
    readonly held: Map<string, number>,
  ) {
    this.available = new Map([...accounts].map(([userId, a]) => [userId, a['member.available'].balance]));
  }

  accept(purchase: Accepted): void {
    const { input } = purchase;
    this.available.set(input.userId, this.available.get(input.userId)! - purchase.price.amount);
    this.taken.set(input.productId, (this.taken.get(input.productId) ?? 0) + input.quantity);
    const key = holding(input.userId, input.productId);
    this.held.set(key, (this.held.get(key) ?? 0) + input.quantity);
    this.requests.set(requestOf(input), { index: purchase.index, hash: requestHash(input) });
    if (purchase.price.userCouponId !== null) this.usedCoupons.add(purchase.price.userCouponId);
    this.history.ordered.add(input.userId);
    if (purchase.freeFirstDay > 0n) this.history.bonusPaid.add(input.userId);
  }
}

/** Reasons a product cannot be bought now, as the member reads them. */
const SALE_REFUSAL = { soldOut: 'productSoldOut', notStarted: 'productNotStarted', ended: 'productEnded' } as const satisfies Record<Exclude<SaleState, 'open'>, string>;

/** One purchase, decided against what the database said and what this batch accepted before it. */
export function decide(input: CreateOrderInput, index: number, batch: BatchState, products: Map<number, Product>, coupons: Map<string, CouponRow>): Decision {
  const refused = (status: number, key: ConstructorParameters<typeof AppError>[1]): Decision => ({ kind: 'refused', error: new AppError(status, key) });
  // A known requestId: the order it made, or refused when it was for something else.
  const hash = requestHash(input);
  const earlier = batch.requests.get(requestOf(input));
  if (earlier) return earlier.hash === hash ? { kind: 'sameAs', index: earlier.index } : refused(409, 'requestReused');
  const made = batch.history.orders.get(requestOf(input));
  if (made) return made.hash === hash ? { kind: 'replayed', orderId: made.id } : refused(409, 'requestReused');

  // The product: the purchase panel runs the same rule (libs/domain): the window is [start, end).
  const product = products.get(input.productId);
  if (!product) return refused(404, 'productNotFound');
  const unitsLeft = product.units_offered - product.units_sold - (batch.taken.get(product.id) ?? 0);
  const sale = saleState({ status: product.status, startTime: product.start_time, endTime: product.end_time, unitsLeft }, input.now.getTime());
  if (sale !== 'open') return refused(409, SALE_REFUSAL[sale]);
  if (input.quantity > unitsLeft) return refused(409, 'notEnoughUnits');
  if (product.max_buy !== -1 && (batch.held.get(holding(input.userId, product.id)) ?? 0) + input.quantity > product.max_buy) {
    return refused(409, 'purchaseLimit');
  }

  const price = priceOf(input, product, coupons.get(`${input.userId}:${input.couponId}`), batch.usedCoupons);
  if (!price) return refused(400, 'couponNotUsable');
  if (batch.available.get(input.userId)! < price.amount) return refused(400, 'insufficientBalance');

  const accounts = batch.accounts.get(input.userId)!;
  // A member's first order earns its day 1 at once (once per member, by key), from the promotions budget while it covers it (service.ts `coverFirstDays`).
  const firstOrder = !batch.history.ordered.has(input.userId) && !batch.history.bonusPaid.has(input.userId);
  const purchase: Accepted = {
    kind: 'accepted',
    index,
    input,
    product,
    price,
    accounts: { available: accounts['member.available'].id, pendingIncome: accounts['member.pending_income'].id },
    freeFirstDay: firstOrder ? toMicro(product.day_return_micro) * BigInt(input.quantity) : 0n,
  };
  batch.accept(purchase);
  return purchase;
}

/**
 * The price of the units, less the member's coupon when one is given; null when the coupon cannot be
 * used here (not the member's, used, inactive, or it does not fit the product, dates or spend).
 */
function priceOf(input: CreateOrderInput, product: Product, coupon: CouponRow | undefined, usedInBatch: Set<number>): Price | null {
  const unitPrice = toMicro(product.price_micro);
  const gross = unitPrice * BigInt(input.quantity);
  if (input.couponId === null) return { unitPrice, amount: gross, couponAmount: 0n, userCouponId: null };
  if (!coupon || coupon.used_at !== null || usedInBatch.has(coupon.userCouponId) || coupon.active !== 1) return null;
  const couponAmount = toMicro(coupon.amount);
  const terms: CouponTerms = {
    amount: couponAmount,
    minSpend: toMicro(coupon.min_spend),
    productId: coupon.product_id,
    startTime: coupon.start_time,
    endTime: coupon.end_time,
  };
  // The checkout runs the same rule (libs/domain): dates, product, minimum spend, never the whole total.
  if (couponFit(terms, input.productId, gross, input.now.getTime()) !== 'fits') return null;
  return { unitPrice, amount: gross - couponAmount, couponAmount, userCouponId: coupon.userCouponId };
}
