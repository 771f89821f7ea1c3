import type { Coupon } from '../../api/coupons';
import { NO_BUY_LIMIT, type ProductCard } from '../../api/products';
import { couponDiscount } from '@rigshare/domain';

/** Renting a machine costs no fee; the line is shown so the member sees every cost (DESIGN.md section 1). */
export const RENTAL_FEE = 0n;

/**
 * The most units the stepper allows: the units left, and the per-member limit when there is one.
 * What the member already owns counts against the limit too; the server enforces that part.
 * 0 means nothing can be bought.
 */
export function maxQuantity(product: Pick<ProductCard, 'maxBuy' | 'unitsLeft'>): number {
  const left = Math.max(0, Math.floor(product.unitsLeft));
  if (product.maxBuy === NO_BUY_LIMIT) return left;
  return Math.min(left, Math.max(0, Math.floor(product.maxBuy)));
}

/** A stepper value made whole and kept within 1..max (1 when nothing is left, with buying disabled). */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  const whole = Math.floor(value);
  return Math.max(1, Math.min(whole, Math.max(1, max)));
}

export interface PurchaseSummary {
  unitPrice: bigint;
  quantity: number;
  /** unitPrice x quantity. */
  subtotal: bigint;
  couponDiscount: bigint;
  /** subtotal - couponDiscount + fee. */
  toPay: bigint;
  /** dayReturnAmount x quantity. */
  dailyReturn: bigint;
  validDays: number;
  /** dailyReturn x validDays. */
  totalReturn: bigint;
  fee: bigint;
  available: bigint | null;
  /** The available balance is known and lower than the amount to pay. */
  short: boolean;
}

/** Every figure of the purchase, in integer micro-units (no floating point touches money). */
export function purchaseSummary(
  product: Pick<ProductCard, 'id' | 'price' | 'dayReturnAmount' | 'validDays'>,
  quantity: number,
  coupon: Coupon | null,
  available: string | null,
  now: number,
): PurchaseSummary {
  const units = BigInt(quantity);
  const unitPrice = BigInt(product.price);
  const subtotal = unitPrice * units;
  const discount = couponDiscount(coupon, product.id, subtotal, now);
  const toPay = subtotal - discount + RENTAL_FEE;
  const dailyReturn = BigInt(product.dayReturnAmount) * units;
  const balance = available === null ? null : BigInt(available);
  return {
    unitPrice,
    quantity,
    subtotal,
    couponDiscount: discount,
    toPay,
    dailyReturn,
    validDays: product.validDays,
    totalReturn: dailyReturn * BigInt(product.validDays),
    fee: RENTAL_FEE,
    available: balance,
    short: balance !== null && balance < toPay,
  };
}

/** What identifies one purchase attempt: a new quantity or coupon is a new attempt with a new requestId. */
export function attemptContent(productId: number, quantity: number, couponId: number | null): string {
  return `${productId}:${quantity}:${couponId ?? '-'}`;
}
