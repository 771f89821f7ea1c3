import { formatAmount } from '@rigshare/domain';

/** Micro-units as text with two or more decimals; `signed` adds "+" to credits. Unreadable input shows a dash. */
export function formatMoney(micro: string | bigint, signed = false): string {
  try {
    const value = typeof micro === 'bigint' ? micro : BigInt(micro);
    return (signed && value > 0n ? '+' : '') + formatAmount(value);
  } catch {
    return '—';
  }
}

/**
 * Several amounts shown together, all with the same number of decimals: as many as the most precise
 * of them needs (at least two), never rounded, so "998.2" and "1.8005" show as "998.2000" and
 * "1.8005". Unreadable input shows a dash.
 */
export function formatMoneyAlike(amounts: (string | bigint)[]): string[] {
  const values = amounts.map((micro) => {
    try {
      return typeof micro === 'bigint' ? micro : BigInt(micro);
    } catch {
      return null;
    }
  });
  const decimals = Math.max(2, ...values.map((v) => (v === null ? 0 : (formatAmount(v).split('.')[1] ?? '').length)));
  return values.map((v) => (v === null ? '—' : formatAmount(v, decimals)));
}

/** A micro-unit amount with its currency, e.g. "12.50 USDT". */
export function Money({ micro, currency = 'USDT', signed = false }: { micro: string | bigint; currency?: string; signed?: boolean }) {
  return (
    <span className="wallet-money">
      {formatMoney(micro, signed)} {currency}
    </span>
  );
}
