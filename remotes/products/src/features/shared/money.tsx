import { money } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';

/** A micro-unit amount (string or bigint) shown in USDT in the reader's language, every decimal it has, e.g. "12500000" -> "12.50 USDT"; `signed` adds "+" to credits. */
export function Money({ micro, signed = false }: { micro: string | bigint; signed?: boolean }) {
  const { t } = useTranslation('products');
  return <>{t('card.amount', { amount: money(micro, { decimals: 'exact', signed }) })}</>;
}
