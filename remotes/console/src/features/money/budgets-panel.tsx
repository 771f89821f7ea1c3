import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { money, usdt } from '@rigshare/i18n';
import { LoadFailed } from '@rigshare/ui';
import { useBudgetsQuery } from './api';

/** Each budget staff fund: what is free, what codes and coupons reserved, and how long both last at the last 7 days' rate. */
export function BudgetsPanel() {
  const { t } = useTranslation('console');
  const { data, isError, error, refetch } = useBudgetsQuery();
  if (isError) return <LoadFailed title={t('table.loadError')} message={(error as { message?: string }).message} retry={() => void refetch()} />;
  if (!data) return <Skeleton.Paragraph lineCount={3} animated />;
  return (
    <div className="console-cards" data-testid="money-budgets">
      {data.map((b) => (
        <div key={b.budget} className="console-card" data-testid={`budget-${b.budget}`}>
          <span>{t(`money.${b.budget}`)}</span>
          <span className="console-card__value">{usdt(b.balance)}</span>
          {b.budget === 'promotions' && <span className="console-note">{t('money.reserved', { amount: money(b.reserved) })}</span>}
          <span className="console-note">{b.daysCovered === null ? t('dashboard.noOutflow') : t('money.lasts', { days: Math.floor(b.daysCovered), spent: money(b.spentLastWeek) })}</span>
        </div>
      ))}
    </div>
  );
}
