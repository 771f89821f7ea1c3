import { couponDiscount, couponFit, couponLiveAt, type CouponFit, type CouponTerms } from './coupons';

const START = '2026-03-01T00:00:00.000Z';
const END = '2026-03-31T00:00:00.000Z';
const ms = (iso: string) => Date.parse(iso);
const MID = ms('2026-03-15T12:00:00.000Z');

/** 5 USDT off from 100 USDT, any product, in March. */
const terms = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  amount: 5_000_000n,
  minSpend: 100_000_000n,
  productId: null,
  startTime: START,
  endTime: END,
  ...overrides,
});

describe('couponFit and couponDiscount', () => {
  const cases: [string, Partial<CouponTerms>, number, bigint, number, CouponFit, bigint][] = [
    // name, coupon, productId, total, now, fit, discount
    ['total above the minimum', {}, 7, 200_000_000n, MID, 'fits', 5_000_000n],
    ['total equal to the minimum', {}, 7, 100_000_000n, MID, 'fits', 5_000_000n],
    ['total one micro-unit below the minimum', {}, 7, 99_999_999n, MID, 'belowMinSpend', 0n],
    ['no minimum', { minSpend: 0n }, 7, 6_000_000n, MID, 'fits', 5_000_000n],
    ['coupon one micro-unit below the total', { minSpend: 0n }, 7, 5_000_001n, MID, 'fits', 5_000_000n],
    ['coupon equal to the total', { minSpend: 0n }, 7, 5_000_000n, MID, 'coversTotal', 0n],
    ['coupon larger than the total', { minSpend: 0n }, 7, 4_000_000n, MID, 'coversTotal', 0n],
    ['its own product', { productId: 7 }, 7, 200_000_000n, MID, 'fits', 5_000_000n],
    ['another product', { productId: 8 }, 7, 200_000_000n, MID, 'otherProduct', 0n],
    ['at the start instant', {}, 7, 200_000_000n, ms(START), 'fits', 5_000_000n],
    ['one ms before the start', {}, 7, 200_000_000n, ms(START) - 1, 'notNow', 0n],
    ['one ms before the end', {}, 7, 200_000_000n, ms(END) - 1, 'fits', 5_000_000n],
    ['at the end instant', {}, 7, 200_000_000n, ms(END), 'notNow', 0n],
    ['after the end', {}, 7, 200_000_000n, ms(END) + 1, 'notNow', 0n],
    ['dates that do not parse', { endTime: 'soon' }, 7, 200_000_000n, MID, 'notNow', 0n],
    ['amounts as JSON strings', { amount: '5000000', minSpend: '100000000' }, 7, 100_000_000n, MID, 'fits', 5_000_000n],
  ];

  it.each(cases)('%s', (_name, overrides, productId, total, now, fit, discount) => {
    expect(couponFit(terms(overrides), productId, total, now)).toBe(fit);
    expect(couponDiscount(terms(overrides), productId, total, now)).toBe(discount);
  });

  it('takes nothing off without a coupon', () => {
    expect(couponDiscount(null, 7, 200_000_000n, MID)).toBe(0n);
  });
});

describe('couponLiveAt', () => {
  it('includes the start instant and excludes the end instant', () => {
    expect([ms(START) - 1, ms(START), ms(END) - 1, ms(END)].map((now) => couponLiveAt(terms(), now))).toEqual([false, true, true, false]);
  });
});
