import { useState } from 'react';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getIncomeSummary, takeoutIncome } from '../../api/income';
import { Money } from '../shared/money';
import { RequestIdKeeper } from '@rigshare/api-client';
import { LoadFailed, useRequest } from '@rigshare/ui';
import { DelayNotice } from './delay-notice';
import { IncomeRecords } from './income-records';
import '../../products.css';

/** The one thing a takeout request is about: all pending income at that moment. */
const TAKEOUT = 'takeout';

/** `/user/receiveincome`: pending income, any payout delay with its reason, the claim button, and the records. */
export default function ReceiveIncomeScreen() {
  const { t } = useTranslation('products');
  const [version, setVersion] = useState(0);
  const [claiming, setClaiming] = useState(false);
  const [keeper] = useState(() => new RequestIdKeeper());
  const [state, retry] = useRequest(`income-summary-${version}`, (signal) => getIncomeSummary(signal));

  const claim = async () => {
    // Kept across retries of this claim (a timeout never claims twice); renewed after a success.
    const requestId = keeper.idFor(TAKEOUT);
    setClaiming(true);
    try {
      const result = await takeoutIncome(requestId);
      keeper.settle();
      Toast.show({ icon: 'success', content: result.message });
      setVersion((n) => n + 1);
    } catch {
      // The client has shown the server's message ("No profit available to withdraw today", ...).
    } finally {
      setClaiming(false);
    }
  };

  return (
    <div className="products-screen products-detail">
      <section className="products-detail-section products-income-head">
        {state.status === 'loading' && <Skeleton.Paragraph lineCount={3} animated />}
        {state.status === 'error' && (
          <LoadFailed title={t('income.loadError')} message={state.message} retry={retry} />
        )}
        {state.status === 'ready' && (
          <>
            <div className="products-muted">{t('income.pending')}</div>
            <div className="products-income-amount" data-testid="pending-income">
              <Money micro={state.data.pendingIncome} />
            </div>
            <DelayNotice summary={state.data} />
          </>
        )}
        <Button block color="primary" size="large" data-testid="receive-income" loading={claiming} disabled={claiming || state.status !== 'ready'} onClick={() => void claim()}>
          {t('income.receive')}
        </Button>
        <p className="products-muted">{t('income.arrivalNote')}</p>
        <div className="products-links">
          <Link to="/index/incomePattern" className="products-more-link">
            {t('detail.howIncomeWorks')}
          </Link>
          <Link to="/user/myorder" className="products-more-link">
            {t('orders.title')}
          </Link>
        </div>
      </section>
      <IncomeRecords resetKey={version} />
    </div>
  );
}
