import { useState } from 'react';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorMessage, useIncomeSummaryQuery, useTakeoutIncomeMutation } from '../../api/endpoints';
import { RequestIdKeeper } from '@rigshare/api-client';
import { LoadFailed, Money } from '@rigshare/ui';
import { DelayNotice } from './delay-notice';
import { IncomeRecords } from './income-records';
import { MoreLinks } from '../shared/more-links';
import '../../products.css';

/** The one thing a takeout request is about: all pending income at that moment. */
const TAKEOUT = 'takeout';

/** `/user/receiveincome`: pending income, any payout delay with its reason, the claim button, and the records. */
export default function ReceiveIncomeScreen() {
  const { t } = useTranslation('products');
  const [keeper] = useState(() => new RequestIdKeeper());
  const summary = useIncomeSummaryQuery();
  // A takeout marks the balance, the income and the records stale: this screen's summary and records reload.
  const [takeoutIncome, { isLoading: claiming }] = useTakeoutIncomeMutation();

  const claim = async () => {
    // Kept across retries of this claim (a timeout never claims twice); renewed after a success.
    const requestId = keeper.idFor(TAKEOUT);
    const result = await takeoutIncome(requestId);
    // A refusal ("No profit available to withdraw today", ...) has been shown with the server's message.
    if (!result.data) return;
    keeper.settle();
    Toast.show({ icon: 'success', content: result.data.message });
  };

  return (
    <div className="products-screen products-detail">
      <section className="products-detail-section products-income-head">
        {summary.data ? (
          <>
            <div className="products-muted">{t('income.pending')}</div>
            <div className="products-income-amount" data-testid="pending-income">
              <Money micro={summary.data.pendingIncome} />
            </div>
            <DelayNotice summary={summary.data} />
          </>
        ) : summary.isError ? (
          <LoadFailed title={t('income.loadError')} message={errorMessage(summary.error)} retry={() => void summary.refetch()} />
        ) : (
          <Skeleton.Paragraph lineCount={3} animated />
        )}
        <Button block color="primary" size="large" data-testid="receive-income" loading={claiming} disabled={claiming || !summary.data} onClick={() => void claim()}>
          {t('income.receive')}
        </Button>
        <p className="products-muted">{t('income.arrivalNote')}</p>
        <MoreLinks
          links={[
            { to: '/index/incomePattern', text: t('detail.howIncomeWorks') },
            { to: '/user/myorder', text: t('orders.title') },
            { to: '/user/earn', text: t('income.earnTitle') },
          ]}
        />
      </section>
      <IncomeRecords />
    </div>
  );
}
