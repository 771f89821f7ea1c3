import { maskPhone, shareOf } from './team';

describe('team rules', () => {
  it('masks a phone to its first 3 and last 2 digits', () => {
    expect(maskPhone('9876543221')).toBe('987....21');
    expect(maskPhone('12345')).toBe('1....');
  });
  it('takes a share in basis points, rounded down, and refuses rates outside 0..100 %', () => {
    expect(shareOf(100_000_000n, 500)).toBe(5_000_000n);
    expect(shareOf(3n, 3333)).toBe(0n);
    expect(shareOf(100_000_000n, 0)).toBe(0n);
    expect(() => shareOf(1n, 10_001)).toThrow();
    expect(() => shareOf(1n, 1.5)).toThrow();
  });
});
