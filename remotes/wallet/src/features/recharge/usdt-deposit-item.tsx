import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@rigshare/domain';
import { formatDateTime, usdt } from '@rigshare/i18n';
import { CopyText, ProgressMeter } from '@rigshare/ui';
import type { UsdtDeposit } from '../../api/wallet';

const STATUS_COLOR = { Pending: 'warning', Arrived: 'success', 'Below minimum': 'danger', Dropped: 'default' } as const;

/** One USDT deposit seen on chain: Pending with its confirmation count, then Arrived (or why not). */
export function UsdtDepositItem({ deposit }: { deposit: UsdtDeposit }) {
  const { t, i18n } = useTranslation('wallet');
  const d = deposit;
  const confirmed = Math.min(d.confirmations, d.required);
  return (
    <div className="wallet-card wallet-record" data-testid="usdt-deposit">
      <div className="wallet-record__row">
        <strong>{usdt(d.amount)}</strong>
        <Tag color={STATUS_COLOR[d.status] ?? 'default'} data-testid="usdt-deposit-status">
          {t(`usdt.status.${d.status}`, { defaultValue: d.status })}
        </Tag>
      </div>
      {d.status === 'Pending' && (
        <div className="wallet-usdt__progress">
          <ProgressMeter percent={d.required > 0 ? (confirmed * 100) / d.required : 0} label={t('usdt.confirmations', { confirmed, required: d.required })} />
          <span className="wallet-record__muted" data-testid="usdt-deposit-confirmations">
            {t('usdt.confirmations', { confirmed, required: d.required })}
          </span>
        </div>
      )}
      {d.reason && <p className="wallet-error">{d.reason}</p>}
      {/* A shortened hash (24 characters) reads whole under its label; beside it, it broke a letter off. */}
      <CopyText label={t('usdt.txHash')} labelAbove text={d.txHash}>
        {shortenAddress(d.txHash)}
      </CopyText>
      <div className="wallet-record__row wallet-record__muted">
        <span>{formatDateTime(d.createTime, i18n.language)}</span>
        {d.arrivedTime && <span>{t('usdt.arrivedAt', { time: formatDateTime(d.arrivedTime, i18n.language) })}</span>}
      </div>
    </div>
  );
}
