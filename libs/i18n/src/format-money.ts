/**
 * The one way an amount is written on a screen: integer micro-units (libs/domain money.ts) in the
 * reader's language, with its decimal separator ("1500,00" in German, "1500.00" in English). No floating
 * point touches the amount: the whole part is a bigint and the decimals are cut from its digits.
 * Digits are not grouped, so an amount reads as a member types one into an amount field.
 */
const MICRO_DIGITS = 6;
const separators = new Map<string, string>();

function decimalSeparator(language: string): string {
  let separator = separators.get(language);
  if (separator === undefined) {
    try {
      separator = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    } catch {
      separator = '.';
    }
    separators.set(language, separator);
  }
  return separator;
}

export interface MoneyFormat {
  /**
   * Decimal places shown: a number cuts the amount to that many (toward zero, never showing more than
   * there is) and pads to it; 'exact' shows every decimal the amount has, at least two.
   */
  decimals?: number | 'exact';
  /** "+" before a credit (a debit always has its "-"). */
  signed?: boolean;
}

/** 647_784_615n -> "647.78" (en-US), "647,78" (de-DE); `{ decimals: 'exact' }` -> "647.784615". Unreadable input: "—". */
export function formatMoney(micro: bigint | string, language: string, { decimals = 2, signed = false }: MoneyFormat = {}): string {
  let value: bigint;
  try {
    value = typeof micro === 'bigint' ? micro : BigInt(micro);
  } catch {
    return '—';
  }
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(MICRO_DIGITS + 1, '0');
  const whole = digits.slice(0, -MICRO_DIGITS);
  const all = digits.slice(-MICRO_DIGITS);
  const places = decimals === 'exact' ? Math.max(2, all.replace(/0+$/, '').length) : Math.min(Math.max(0, decimals), MICRO_DIGITS);
  const fraction = all.slice(0, places);
  const shown = fraction.length > 0 ? `${whole}${decimalSeparator(language)}${fraction}` : whole;
  // A debit cut to nothing ("-0.001" at two places) reads "0.00", not "-0.00".
  const shownAsZero = BigInt(whole) === 0n && !/[1-9]/.test(fraction);
  const sign = negative && !shownAsZero ? '-' : signed && value > 0n ? '+' : '';
  return `${sign}${shown}`;
}

/** An amount with its currency, the way every screen writes it: 12_500_000n -> "12.50 USDT" (en-US), "12,50 USDT" (de-DE). */
export function formatUsdt(micro: bigint | string, language: string, format?: MoneyFormat): string {
  return `${formatMoney(micro, language, format)} USDT`;
}

/**
 * Several amounts shown together (an amount, its fee and the net) with the same decimals: as many as
 * the most precise of them needs, at least two, never cut, so "998.2" and "1.8005" read "998.2000" and "1.8005".
 */
export function formatMoneyAlike(amounts: (bigint | string)[], language: string): string[] {
  const places = amounts.map((micro) => {
    const exact = formatMoney(micro, 'en-US', { decimals: 'exact' });
    return exact.includes('.') ? exact.split('.')[1].length : 0;
  });
  const decimals = Math.max(2, ...places);
  return amounts.map((micro) => formatMoney(micro, language, { decimals }));
}
