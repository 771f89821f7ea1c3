import { rateMicro, usdtEquivalent } from './recharge-math';

it('converts a channel amount to USDT (as USD) at units-per-dollar, rounded down', () => {
  expect(rateMicro('83.25')).toBe(83_250_000n);
  expect(rateMicro('1500.1234567')).toBe(1_500_123_456n);
  expect(rateMicro('0')).toBeNull();
  expect(rateMicro('abc')).toBeNull();
  expect(usdtEquivalent(500_000_000n, 83_250_000n)).toBe(6_006_006n);
  expect(usdtEquivalent(2_500_000_000n, 1_500_000_000n)).toBe(1_666_666n);
});
