import { formatAmount } from '@rigshare/domain';
import { useTranslation } from 'react-i18next';

/** A micro-unit amount string shown in USDT, e.g. "12500000" -> "12.50 USDT". */
export function Money({ micro }: { micro: string }) {
  const { t } = useTranslation('products');
  let amount: string;
  try {
    amount = formatAmount(micro);
  } catch {
    amount = '—';
  }
  return <>{t('card.amount', { amount })}</>;
}
