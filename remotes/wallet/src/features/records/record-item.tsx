import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@rigshare/ui';
import type { WalletRecord } from '../../api/wallet';
import { formatDateTime, moneyAlike, usdt } from '@rigshare/i18n';

/** One ledger record: translated type and status, signed amount, the server's description. */
export function RecordItem({ record }: { record: WalletRecord }) {
  const { t, i18n } = useTranslation('wallet');
  const credit = !record.amount.startsWith('-');
  const [fee, net] = moneyAlike([record.fee || '0', record.net || '0']);
  return (
    <div className="wallet-card wallet-record" data-testid="wallet-record">
      <div className="wallet-record__row">
        <strong>{t(`recordType.${record.type}`, { defaultValue: record.type })}</strong>
        <span className={credit ? 'wallet-credit' : 'wallet-debit'}>{usdt(record.amount, { signed: true })}</span>
      </div>
      {record.description && <div className="wallet-record__muted">{record.description}</div>}
      {Boolean(record.fee) && record.fee !== '0' && (
        <div className="wallet-record__row wallet-record__muted">
          <span>{t('withrecord.fee')} {fee}</span>
          <span>
            {t('withdraw.netLabel')} {net}
          </span>
        </div>
      )}
      <div className="wallet-record__row wallet-record__muted">
        <span>{formatDateTime(record.time, i18n.language)}</span>
        <Tag fill="outline">{t(`recordStatus.${record.status}`, { defaultValue: record.status })}</Tag>
      </div>
      {/* What support asks for when a member writes about this record. */}
      <div className="wallet-record__muted" data-testid="record-code">
        {t('records.reference', { code: record.code })}
      </div>
      {record.txHash && <CopyText label={t('withrecord.txHash')} text={record.txHash} />}
    </div>
  );
}
