import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorMessage, useIncomeSummaryQuery, useOrderTotalsQuery } from '../../api/endpoints';
import { LoadFailed, Money } from '@rigshare/ui';
import { IncomeRecords } from './income-records';
import { DelayNotice } from './delay-notice';
import { MoreLinks } from '../shared/more-links';
import '../../products.css';

/** `/user/earn`: what the member's machines have earned, what waits to be received, and the income records. */
export default function EarningsScreen() {
  const { t } = useTranslation('products');
  const totals = useOrderTotalsQuery();
  const summary = useIncomeSummaryQuery();
  const failed = totals.isError ? totals : summary.isError ? summary : null;
  return (
    <div className="products-screen products-detail">
      <section className="products-detail-section">
        {totals.data && summary.data ? (
          <>
            <dl className="products-totals" data-testid="earning-totals">
              <div>
                <dt>{t('orders.earned')}</dt>
                <dd>
                  <Money micro={totals.data.earned} />
                </dd>
              </div>
              <div>
                <dt>{t('income.pending')}</dt>
                <dd>
                  <Money micro={summary.data.pendingIncome} />
                </dd>
              </div>
              <div>
                <dt>{t('orders.expectedTotal')}</dt>
                <dd>
                  <Money micro={totals.data.expectedTotal} />
                </dd>
              </div>
            </dl>
            <DelayNotice summary={summary.data} />
          </>
        ) : failed ? (
          <LoadFailed
            title={t('income.loadError')}
            message={errorMessage(failed.error)}
            retry={() => {
              if (totals.isError) void totals.refetch();
              if (summary.isError) void summary.refetch();
            }}
          />
        ) : (
          <Skeleton.Paragraph lineCount={2} animated />
        )}
        <MoreLinks
          links={[
            { to: '/user/receiveincome', text: t('income.receive') },
            { to: '/index/incomePattern', text: t('detail.howIncomeWorks') },
          ]}
        />
      </section>
      <IncomeRecords />
    </div>
  );
}
