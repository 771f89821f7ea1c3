import { statusBadge } from './product-status';

describe('statusBadge (SPEC.md section 4)', () => {
  it('maps 3 to sold out, 5 to pre sale and 6 to rush purchase', () => {
    expect(statusBadge(3)).toBe('soldOut');
    expect(statusBadge(5)).toBe('preSale');
    expect(statusBadge(6)).toBe('rushPurchase');
  });

  it('shows no badge for any other status', () => {
    for (const status of [0, 1, 2, 4, 7, -1, 99]) expect(statusBadge(status)).toBeNull();
  });
});
