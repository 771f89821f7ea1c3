import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@rigshare/i18n';

/** Withdrawals pause after a security change; says until when (only while that time is ahead). */
export function HoldNotice({ until, now = Date.now() }: { until: string | null; now?: number }) {
  const { t, i18n } = useTranslation('wallet');
  if (!until || !(Date.parse(until) > now)) return null;
  return (
    <NoticeBar
      className="wallet-hold"
      color="alert"
      wrap
      data-testid="withdraw-hold"
      content={t('balance.hold', { time: formatDateTime(until, i18n.language) })}
    />
  );
}
