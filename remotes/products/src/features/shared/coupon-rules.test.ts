import type { Coupon } from '../../api/coupons';
import { couponDiscount, couponFit } from './coupon-rules';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 3,
    name: 'New member 5 USDT off',
    kind: 'discount',
    amount: '5000000',
    minSpend: '100000000',
    productId: null,
    startTime: '2026-01-01T00:00:00.000Z',
    endTime: '2026-12-31T00:00:00.000Z',
    state: 'received',
    ...overrides,
  };
}

describe('coupon discount', () => {
  it('applies from the minimum spend on, not below it', () => {
    expect(couponFit(coupon(), 7, 100_000_000n, NOW)).toBe('fits');
    expect(couponDiscount(coupon(), 7, 100_000_000n, NOW)).toBe(5_000_000n);
    expect(couponFit(coupon(), 7, 99_999_999n, NOW)).toBe('belowMinSpend');
    expect(couponDiscount(coupon(), 7, 99_999_999n, NOW)).toBe(0n);
  });

  it('applies to its own product or, without one, to any product', () => {
    expect(couponDiscount(coupon({ productId: 7 }), 7, 200_000_000n, NOW)).toBe(5_000_000n);
    expect(couponFit(coupon({ productId: 8 }), 7, 200_000_000n, NOW)).toBe('otherProduct');
    expect(couponDiscount(coupon({ productId: 8 }), 7, 200_000_000n, NOW)).toBe(0n);
  });

  it('applies only between its start and end times', () => {
    expect(couponFit(coupon({ startTime: '2026-03-02T00:00:00.000Z' }), 7, 200_000_000n, NOW)).toBe('notNow');
    expect(couponFit(coupon({ endTime: '2026-03-01T10:00:00.000Z' }), 7, 200_000_000n, NOW)).toBe('notNow');
  });

  it('never takes off more than the subtotal, and nothing without a coupon', () => {
    expect(couponDiscount(coupon({ amount: '50000000', minSpend: '0' }), 7, 20_000_000n, NOW)).toBe(20_000_000n);
    expect(couponDiscount(null, 7, 20_000_000n, NOW)).toBe(0n);
  });
});
