import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { RecordType } from '@rigshare/domain';
import type { IncomeRecord } from '../../api/income';
import { formatDateTime } from '@rigshare/i18n';
import { Money } from '@rigshare/ui';
import '../../products.css';

/** Every record type has its label (a Recharge or an Exchange shows up here too, not only income). */
const TYPE_KEYS: Record<RecordType, string> = {
  'Daily Income': 'dailyIncome',
  'Buy Machine': 'buyMachine',
  Adjustment: 'adjustment',
  Bonus: 'bonus',
  Recharge: 'recharge',
  Withdrawal: 'withdrawal',
  'Team Benefits': 'teamBenefits',
  'Withdrawal Failed': 'withdrawalFailed',
  Exchange: 'exchange',
  'Random Bonus': 'randomBonus',
  'Referral Bonus': 'referralBonus',
  'Invite Bonus': 'inviteBonus',
  'Sell Back': 'sellBack',
};

const STATUS_COLORS: Record<string, string> = {
  Processing: 'primary',
  Pending: 'warning',
  Arrived: 'success',
  Succeeded: 'success',
  Failed: 'danger',
};

/** One income record: type, the server's description, signed amount, time and status. */
export function IncomeRecordItem({ record }: { record: IncomeRecord }) {
  const { t, i18n } = useTranslation('products');
  const typeKey = TYPE_KEYS[record.type] as string | undefined;
  const statusKnown = record.status in STATUS_COLORS;
  return (
    <div className="products-row" data-testid="income-record">
      <div className="products-row-main">
        <span className="products-row-title">{typeKey ? t(`income.type.${typeKey}`) : record.type}</span>
        {record.description && <span className="products-muted">{record.description}</span>}
        <span className="products-muted">{formatDateTime(record.time, i18n.language)}</span>
      </div>
      <div className="products-row-side">
        <strong>
          <Money micro={record.amount} signed />
        </strong>
        <Tag color={STATUS_COLORS[record.status] ?? 'default'} fill="outline" className="products-status-tag" data-testid="record-status">
          {statusKnown ? t(`income.status.${record.status}`) : record.status}
        </Tag>
      </div>
    </div>
  );
}
