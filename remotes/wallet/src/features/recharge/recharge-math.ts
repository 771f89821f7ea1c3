import { MICRO_PER_UNIT, parseAmount } from '@rigshare/domain';

/** A rate as micro-units of currency per 1 USD ("83.25" -> 83_250_000n); extra decimals are cut, not rounded. */
export function rateMicro(rate: string): bigint | null {
  const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(rate.trim());
  if (!match) return null;
  const value = parseAmount(match[2] ? `${match[1]}.${match[2].slice(0, 6)}` : match[1]);
  return value > 0n ? value : null;
}

/** What an amount in the channel currency is worth in USDT (counted as USD), rounded down to the micro-unit. */
export function usdtEquivalent(amountMicro: bigint, rate: bigint): bigint {
  return (amountMicro * MICRO_PER_UNIT) / rate;
}
