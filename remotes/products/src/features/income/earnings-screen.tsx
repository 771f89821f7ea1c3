import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getIncomeSummary, type IncomeSummary } from '../../api/income';
import { getOrderTotals, type OrderTotals } from '../../api/orders';
import { Money } from '../shared/money';
import { LoadFailed, useRequest } from '@rigshare/ui';
import { IncomeRecords } from './income-records';
import { DelayNotice } from './delay-notice';
import '../../products.css';

async function loadTotals(signal: AbortSignal): Promise<{ totals: OrderTotals; summary: IncomeSummary }> {
  const [totals, summary] = await Promise.all([getOrderTotals(signal), getIncomeSummary(signal)]);
  return { totals, summary };
}

/** `/user/earn`: what the member's machines have earned, what waits to be received, and the income records. */
export default function EarningsScreen() {
  const { t } = useTranslation('products');
  const [state, retry] = useRequest('earnings', loadTotals);
  return (
    <div className="products-screen products-detail">
      <section className="products-detail-section">
        {state.status === 'loading' && <Skeleton.Paragraph lineCount={2} animated />}
        {state.status === 'error' && (
          <LoadFailed title={t('income.loadError')} message={state.message} retry={retry} />
        )}
        {state.status === 'ready' && (
          <>
            <dl className="products-totals" data-testid="earning-totals">
              <div>
                <dt>{t('orders.earned')}</dt>
                <dd>
                  <Money micro={state.data.totals.earned} />
                </dd>
              </div>
              <div>
                <dt>{t('income.pending')}</dt>
                <dd>
                  <Money micro={state.data.summary.pendingIncome} />
                </dd>
              </div>
              <div>
                <dt>{t('orders.expectedTotal')}</dt>
                <dd>
                  <Money micro={state.data.totals.expectedTotal} />
                </dd>
              </div>
            </dl>
            <DelayNotice summary={state.data.summary} />
          </>
        )}
        <div className="products-links">
          <Link to="/user/receiveincome" className="products-more-link">
            {t('income.receive')}
          </Link>
          <Link to="/index/incomePattern" className="products-more-link">
            {t('detail.howIncomeWorks')}
          </Link>
        </div>
      </section>
      <IncomeRecords />
    </div>
  );
}
