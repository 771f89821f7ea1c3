import { money } from '@rigshare/i18n';

/** A micro-unit amount with its currency, e.g. "12.50 USDT" ("12,50 USDT" in German). */
export function Money({ micro, currency = 'USDT', signed = false }: { micro: string | bigint; currency?: string; signed?: boolean }) {
  return (
    <span className="wallet-money">
      {money(micro, { signed })} {currency}
    </span>
  );
}
