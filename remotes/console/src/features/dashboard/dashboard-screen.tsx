import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatAmount } from '@rigshare/domain';
import { LoadFailed } from '@rigshare/ui';
import type { AdminDashboard } from '@rigshare/api-schema';
import { useDashboardQuery } from '../../api/endpoints';
import { ConsolePage } from '../layout/console-page';
import { UnsetSettings } from './unset-settings';

const PENDING: { key: keyof AdminDashboard['pending']; to: string }[] = [
  { key: 'recharges', to: '/console/recharges' },
  { key: 'withdrawals', to: '/console/withdrawals' },
  { key: 'posts', to: '/console/reviews' },
  { key: 'submissions', to: '/console/reviews' },
  { key: 'feedback', to: '/console/feedback' },
];

function Balance({ title, balance, daysCovered, testId }: { title: string; balance: string; daysCovered: number | null; testId: string }) {
  const { t } = useTranslation('console');
  return (
    <div className="console-card" data-testid={testId}>
      <span>{title}</span>
      <span className="console-card__value">{formatAmount(BigInt(balance))} USDT</span>
      <span className="console-note">{daysCovered === null ? t('dashboard.noOutflow') : t('dashboard.daysCovered', { days: Math.floor(daysCovered) })}</span>
    </div>
  );
}

/** `/console`: what waits for staff, and what the platform holds against what it owes. */
export default function DashboardScreen() {
  const { t } = useTranslation('console');
  const { data, isError, error, refetch } = useDashboardQuery(undefined, { pollingInterval: 60_000 });
  return (
    <ConsolePage route="dashboard">
      {isError ? (
        <LoadFailed title={t('table.loadError')} message={(error as { message?: string }).message} retry={() => void refetch()} />
      ) : !data ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : (
        <>
          <UnsetSettings />
          <h2 className="console-section-title">{t('dashboard.pending')}</h2>
          <div className="console-cards">
            {PENDING.map(({ key, to }) => (
              <Link key={key} to={to} className="console-card" data-testid={`pending-${key}`}>
                <span>{t(`dashboard.${key}`)}</span>
                <span className="console-card__value">{data.pending[key]}</span>
              </Link>
            ))}
          </div>
          <h2 className="console-section-title">{t('dashboard.money')}</h2>
          <div className="console-cards">
            <Balance title={t('dashboard.revenuePool')} {...data.revenuePool} testId="dashboard-pool" />
            <Balance title={t('dashboard.rewardsBudget')} {...data.rewardsBudget} testId="dashboard-budget" />
            <div className="console-card" data-testid="dashboard-liabilities">
              <span>{t('dashboard.liabilities')}</span>
              <span className="console-card__value">{formatAmount(BigInt(data.liabilities))} USDT</span>
              <span className="console-note">{t('dashboard.liabilitiesNote')}</span>
            </div>
          </div>
        </>
      )}
    </ConsolePage>
  );
}
