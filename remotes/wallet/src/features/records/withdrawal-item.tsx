import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@rigshare/ui';
import type { Withdrawal } from '../../api/wallet';
import { formatDateTime, moneyAlike } from '@rigshare/i18n';

const STATUS_COLOR = { Pending: 'warning', Succeeded: 'success', Failed: 'danger' } as const;

/** One withdrawal: what was asked, the fee, what arrives, where, and how staff decided. */
export function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation('wallet');
  const w = withdrawal;
  // Amount, fee and net with the same decimals, so they add up on the screen.
  const [amount, fee, net] = moneyAlike([w.amount, w.fee, w.net]);
  return (
    <div className="wallet-card wallet-record" data-testid="withdrawal-record">
      <div className="wallet-record__row">
        <strong>{t(w.channel === 'USDT' ? 'withrecord.usdt' : 'withrecord.bank')}</strong>
        <Tag color={STATUS_COLOR[w.status] ?? 'default'} data-testid="withdrawal-status">
          {t(`withdrawalStatus.${w.status}`)}
        </Tag>
      </div>
      <div className="wallet-record__row">
        <span>{t('withdraw.amountLabel')}</span>
        <span>{amount} USDT</span>
      </div>
      <div className="wallet-record__row">
        <span>{t('withrecord.fee')}</span>
        <span>{fee} USDT</span>
      </div>
      <div className="wallet-record__row">
        <span>{t('withdraw.netLabel')}</span>
        <strong>{net} USDT</strong>
      </div>
      <div className="wallet-record__row">
        <span>{t('withdraw.destination')}</span>
        <span className="wallet-break">{w.destination}</span>
      </div>
      <div className="wallet-record__row wallet-record__muted">
        <span>{formatDateTime(w.createTime, i18n.language)}</span>
        {w.decidedTime && <span>{t('withrecord.decided', { time: formatDateTime(w.decidedTime, i18n.language) })}</span>}
      </div>
      {w.txHash && <CopyText label={t('withrecord.txHash')} text={w.txHash} />}
      {w.reference && <CopyText label={t('withrecord.reference')} text={w.reference} />}
      {w.reason && <p className="wallet-error">{t('withrecord.reason', { reason: w.reason })}</p>}
    </div>
  );
}
