import { formatAmount } from '@rigshare/domain';
import { useTranslation } from 'react-i18next';

/** A micro-unit amount (string or bigint) shown in USDT, e.g. "12500000" -> "12.50 USDT"; `signed` adds "+" to credits. */
export function Money({ micro, signed = false }: { micro: string | bigint; signed?: boolean }) {
  const { t } = useTranslation('products');
  let amount: string;
  try {
    const value = typeof micro === 'bigint' ? micro : BigInt(micro);
    amount = (signed && value > 0n ? '+' : '') + formatAmount(value);
  } catch {
    amount = '—';
  }
  return <>{t('card.amount', { amount })}</>;
}
