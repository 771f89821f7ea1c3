import type { Coupon } from '../../api/coupons';
import type { ProductCard } from '../../api/products';
import { attemptContent, clampQuantity, maxQuantity, purchaseSummary } from './purchase';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

const product: Pick<ProductCard, 'id' | 'price' | 'dayReturnAmount' | 'validDays'> = {
  id: 7,
  price: '100000000', // 100 USDT
  dayReturnAmount: '2500000', // 2.5 USDT
  validDays: 30,
};

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

describe('purchaseSummary: every figure in integer micro-units', () => {
  it('multiplies price and daily return by the quantity and the daily return by the valid days', () => {
    const summary = purchaseSummary(product, 3, null, '1000000000', NOW);
    expect(summary.subtotal).toBe(300_000_000n);
    expect(summary.couponDiscount).toBe(0n);
    expect(summary.fee).toBe(0n);
    expect(summary.toPay).toBe(300_000_000n);
    expect(summary.dailyReturn).toBe(7_500_000n);
    expect(summary.totalReturn).toBe(225_000_000n);
    expect(summary.validDays).toBe(30);
    expect(summary.available).toBe(1_000_000_000n);
    expect(summary.short).toBe(false);
  });

  it('stays exact where floating point would not (0.1 + 0.2 style amounts, huge quantities)', () => {
    const odd = { ...product, price: '100001', dayReturnAmount: '333333' };
    const summary = purchaseSummary(odd, 3, null, null, NOW);
    expect(summary.subtotal).toBe(300_003n);
    expect(summary.dailyReturn).toBe(999_999n);
    const big = purchaseSummary({ ...product, price: '9007199254740993' }, 1000, null, null, NOW);
    expect(big.subtotal).toBe(9_007_199_254_740_993_000n);
  });

  it('takes a fitting coupon off the subtotal', () => {
    const summary = purchaseSummary(product, 2, coupon(), '150000000', NOW);
    expect(summary.couponDiscount).toBe(5_000_000n);
    expect(summary.toPay).toBe(195_000_000n);
    expect(summary.short).toBe(true);
    // Returns do not change with a coupon.
    expect(summary.dailyReturn).toBe(5_000_000n);
  });

  it('ignores a coupon the order does not qualify for', () => {
    expect(purchaseSummary(product, 1, coupon({ minSpend: '200000000' }), null, NOW).couponDiscount).toBe(0n);
    expect(purchaseSummary(product, 1, coupon({ productId: 8 }), null, NOW).couponDiscount).toBe(0n);
    expect(purchaseSummary(product, 2, coupon({ minSpend: '200000000' }), null, NOW).couponDiscount).toBe(5_000_000n);
  });

  it('leaves the balance unknown, not short, when it could not be loaded', () => {
    const summary = purchaseSummary(product, 1, null, null, NOW);
    expect(summary.available).toBeNull();
    expect(summary.short).toBe(false);
  });

  it('is short exactly when the balance is below the amount to pay', () => {
    expect(purchaseSummary(product, 1, null, '100000000', NOW).short).toBe(false);
    expect(purchaseSummary(product, 1, null, '99999999', NOW).short).toBe(true);
  });
});

describe('stepper caps', () => {
  it('caps at the units left when there is no purchase limit', () => {
    expect(maxQuantity({ maxBuy: -1, unitsLeft: 40 })).toBe(40);
  });

  it('caps at maxBuy when it is lower than the units left, and at the units left otherwise', () => {
    expect(maxQuantity({ maxBuy: 5, unitsLeft: 40 })).toBe(5);
    expect(maxQuantity({ maxBuy: 5, unitsLeft: 2 })).toBe(2);
  });

  it('is 0 when nothing is left', () => {
    expect(maxQuantity({ maxBuy: -1, unitsLeft: 0 })).toBe(0);
    expect(maxQuantity({ maxBuy: 3, unitsLeft: -1 })).toBe(0);
  });

  it('keeps the quantity a whole number from 1 to the cap', () => {
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-4, 5)).toBe(1);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(4, 0)).toBe(1);
  });
});

describe('attemptContent', () => {
  it('differs when the quantity or the coupon changes', () => {
    const first = attemptContent(7, 2, null);
    expect(attemptContent(7, 2, null)).toBe(first);
    expect(attemptContent(7, 3, null)).not.toBe(first);
    expect(attemptContent(7, 2, 3)).not.toBe(first);
    expect(attemptContent(8, 2, null)).not.toBe(first);
  });
});
