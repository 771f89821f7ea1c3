/**
 * Coupon rules, once, for the browser and the server (DESIGN.md: "validation rules live once in
 * libs/domain"). The checkout shows what the server will do because both run these functions.
 *
 * - A coupon is live from its start instant (included) until its end instant (excluded): at
 *   `endTime` it has expired, as its countdown reaching zero says.
 * - It applies to its own product, or to any product when it names none.
 * - The order total must reach its minimum spend (a total equal to the minimum qualifies).
 * - An order always costs something: a coupon worth the whole total or more does not apply (it is
 *   kept for a larger order) rather than making the order free and losing the rest of its value.
 *   The ledger moves the price less the coupon from the member, and that leg is never zero.
 */

/** What the rules need of a coupon; amounts in micro-units (bigint, or the JSON decimal string). */
export interface CouponTerms {
  amount: bigint | string;
  minSpend: bigint | string;
  /** null = any product. */
  productId: number | null;
  /** ISO 8601 instants. */
  startTime: string;
  endTime: string;
}

export type CouponFit = 'fits' | 'otherProduct' | 'notNow' | 'belowMinSpend' | 'coversTotal';

/** Whether the coupon is within its dates at `now` (ms since the epoch): start included, end excluded. */
export function couponLiveAt(terms: Pick<CouponTerms, 'startTime' | 'endTime'>, now: number): boolean {
  const start = Date.parse(terms.startTime);
  const end = Date.parse(terms.endTime);
  // Dates that do not parse make no coupon live: money rules fail closed.
  if (!Number.isFinite(start) || !Number.isFinite(end)) return false;
  return start <= now && now < end;
}

/** Whether the coupon can be used on an order of `total` micro-units for `productId` at `now`, and if not, why. */
export function couponFit(terms: CouponTerms, productId: number, total: bigint, now: number): CouponFit {
  if (terms.productId !== null && terms.productId !== productId) return 'otherProduct';
  if (!couponLiveAt(terms, now)) return 'notNow';
  if (total < BigInt(terms.minSpend)) return 'belowMinSpend';
  if (BigInt(terms.amount) >= total) return 'coversTotal';
  return 'fits';
}

/** What the coupon takes off the total: its amount when it fits, else nothing. */
export function couponDiscount(terms: CouponTerms | null, productId: number, total: bigint, now: number): bigint {
  if (!terms || couponFit(terms, productId, total, now) !== 'fits') return 0n;
  const amount = BigInt(terms.amount);
  return amount > 0n ? amount : 0n;
}
