import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { IncomeSummary } from '../../api/income';

/** "Payout delayed" with the server's reason, whenever some days wait for mining revenue to be recorded. */
export function DelayNotice({ summary }: { summary: IncomeSummary }) {
  const { t } = useTranslation('products');
  if (summary.delayedDays <= 0) return null;
  const reason = summary.delayReason ?? t('income.delayUnknownReason');
  return (
    <div data-testid="payout-delayed">
      <NoticeBar color="alert" wrap content={t('income.delayed', { days: summary.delayedDays, reason })} />
    </div>
  );
}

