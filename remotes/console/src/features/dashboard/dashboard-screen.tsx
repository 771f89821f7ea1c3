import { Skeleton } from 'antd-mobile';
import { usdt } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadFailed } from '@rigshare/ui';
import { staffMay, type AdminDashboard, type ADMIN_ROUTES } from '@rigshare/api-schema';
import { useDashboardQuery } from '../../api/endpoints';
import { ConsolePage, useStaffRole } from '../layout/console-page';
import { UnsetSettings } from './unset-settings';

type AdminRoute = keyof typeof ADMIN_ROUTES;

/** What waits, where staff handle it, and the list a role must be allowed to open for the card to show. */
const PENDING: { key: keyof AdminDashboard['pending']; to: string; route: AdminRoute }[] = [
  { key: 'recharges', to: '/console/recharges', route: 'recharges' },
  { key: 'withdrawals', to: '/console/withdrawals', route: 'withdrawals' },
  { key: 'posts', to: '/console/reviews', route: 'posts' },
  { key: 'submissions', to: '/console/reviews', route: 'submissions' },
  { key: 'feedback', to: '/console/feedback', route: 'feedback' },
];

function Balance({ title, balance, daysCovered, testId }: { title: string; balance: string; daysCovered: number | null; testId: string }) {
  const { t } = useTranslation('console');
  return (
    <div className="console-card" data-testid={testId}>
      <span>{title}</span>
      <span className="console-card__value">{usdt(balance)}</span>
      <span className="console-note">{daysCovered === null ? t('dashboard.noOutflow') : t('dashboard.daysCovered', { days: Math.floor(daysCovered) })}</span>
    </div>
  );
}

/** `/console`: what waits for staff, and what the platform holds against what it owes. */
export default function DashboardScreen() {
  const { t } = useTranslation('console');
  const { data, isError, error, refetch } = useDashboardQuery(undefined, { pollingInterval: 60_000 });
  // Only what this role can open: a card for a queue it cannot work would lead to "not allowed".
  const role = useStaffRole();
  const pending = PENDING.filter(({ route }) => role !== null && staffMay(role, route));
  const seesMoney = role !== null && staffMay(role, 'moneyAdjust');
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
            {pending.map(({ key, to }) => (
              <Link key={key} to={to} className="console-card" data-testid={`pending-${key}`}>
                <span>{t(`dashboard.${key}`)}</span>
                <span className="console-card__value">{data.pending[key]}</span>
              </Link>
            ))}
          </div>
          {seesMoney && (
            <>
              <h2 className="console-section-title">{t('dashboard.money')}</h2>
              <div className="console-cards">
                <Balance title={t('dashboard.revenuePool')} {...data.revenuePool} testId="dashboard-pool" />
                <Balance title={t('dashboard.rewardsBudget')} {...data.rewardsBudget} testId="dashboard-budget" />
                <div className="console-card" data-testid="dashboard-liabilities">
                  <span>{t('dashboard.liabilities')}</span>
                  <span className="console-card__value">{usdt(data.liabilities)}</span>
                  <span className="console-note">{t('dashboard.liabilitiesNote')}</span>
                </div>
              </div>
            </>
          )}
        </>
      )}
    </ConsolePage>
  );
}
