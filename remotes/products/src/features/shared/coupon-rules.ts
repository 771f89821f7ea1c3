import type { Coupon } from '../../api/coupons';

/**
 * Whether a coupon the member holds can be used on an order of `subtotal` micro-units for
 * `productId`: it must be for that product (or any product), reach its minimum spend, and be
 * within its dates. The server checks again when the order is made.
 */
export type CouponFit = 'fits' | 'belowMinSpend' | 'otherProduct' | 'notNow';

export function couponFit(coupon: Coupon, productId: number, subtotal: bigint, now: number): CouponFit {
  if (coupon.productId !== null && coupon.productId !== productId) return 'otherProduct';
  const start = Date.parse(coupon.startTime);
  const end = Date.parse(coupon.endTime);
  if ((Number.isFinite(start) && now < start) || (Number.isFinite(end) && now >= end)) return 'notNow';
  if (subtotal < BigInt(coupon.minSpend)) return 'belowMinSpend';
  return 'fits';
}

/** What a coupon takes off: its amount, never more than the subtotal, and nothing when it does not fit. */
export function couponDiscount(coupon: Coupon | null, productId: number, subtotal: bigint, now: number): bigint {
  if (!coupon || couponFit(coupon, productId, subtotal, now) !== 'fits') return 0n;
  const amount = BigInt(coupon.amount);
  if (amount <= 0n) return 0n;
  return amount > subtotal ? subtotal : amount;
}
