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

/** A micro-unit amount with its currency, e.g. "12.50 USDT". */
export function Money({ micro, currency = 'USDT', signed = false }: { micro: string | bigint; currency?: string; signed?: boolean }) {
  return (
    <span className="wallet-money">
      {formatMoney(micro, signed)} {currency}
    </span>
  );
}
