/**
 * Money is integer micro-units (1 USDT = 1 000 000) as bigint; JSON carries decimal strings.
 * No floating point touches an amount.
 */
export const MICRO_PER_UNIT = 1_000_000n;

/** "12.5" -> 12_500_000n. Throws on anything that is not a plain decimal with up to 6 places. */
export function parseAmount(text: string): bigint {
  const match = /^(-)?([0-9]+)(?:\.([0-9]{1,6}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const [, minus, whole, fraction = ''] = match;
  const micro = BigInt(whole) * MICRO_PER_UNIT + BigInt(fraction.padEnd(6, '0'));
  return minus ? -micro : micro;
}

/** 12_500_000n -> "12.50" (at least `minDecimals` places, trailing zeros beyond that dropped). */
export function formatAmount(micro: bigint | string, minDecimals = 2): string {
  const value = typeof micro === 'string' ? BigInt(micro) : micro;
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / MICRO_PER_UNIT;
  let fraction = (abs % MICRO_PER_UNIT).toString().padStart(6, '0').replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${fraction ? '.' + fraction : ''}`;
}
