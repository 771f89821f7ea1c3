import { useCallback } from 'react';
import { Button, Card, ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@rigshare/domain';
import { PageEmpty, PullToLoadList, useRequest } from '@rigshare/ui';
import { findOrder, listOrderDays, type OrderDay } from '../../api/orders';
import { formatDateTime } from '@rigshare/i18n';
import { Money } from '../shared/money';
import { parseId } from '../shared/parse-id';
import { OrderFacts } from './order-card';
import '../../products.css';

function DayRow({ day }: { day: OrderDay }) {
  const { t, i18n } = useTranslation('products');
  const paid = day.status === 'Paid';
  return (
    <div className="products-row" data-testid="income-day">
      <div className="products-row-main">
        <span>{t('orders.day', { day: day.day })}</span>
        <span className="products-muted">{day.accruedAt ? formatDateTime(day.accruedAt, i18n.language) : t('orders.notPaidYet')}</span>
        {!paid && day.reason && <span className="products-warning-text">{day.reason}</span>}
      </div>
      <div className="products-row-side">
        <Money micro={day.amount} />
        <Tag color={paid ? 'success' : 'warning'} fill="outline" className="products-status-tag" data-testid="day-status">
          {t(`orders.dayStatus.${paid ? 'Paid' : 'Delayed'}`)}
        </Tag>
      </div>
    </div>
  );
}

function OrderDays({ orderId }: { orderId: number }) {
  const { t } = useTranslation('products');
  const load = useCallback((pageNum: number) => listOrderDays(orderId, pageNum, DEFAULT_PAGE_SIZE), [orderId]);
  return (
    <section className="products-detail-section">
      <h2>{t('orders.dailyIncome')}</h2>
      <PullToLoadList<OrderDay>
        load={load}
        itemKey={(day) => day.day}
        renderItem={(day) => <DayRow day={day} />}
        empty={<PageEmpty title={t('orders.noDaysTitle')} description={t('orders.noDaysDescription')} />}
      />
    </section>
  );
}

function LoadedOrder({ id }: { id: number }) {
  const { t } = useTranslation('products');
  const [state, retry] = useRequest(`order-${id}`, (signal) => findOrder(id, signal));
  if (state.status === 'loading') return <Skeleton.Paragraph lineCount={6} animated />;
  if (state.status === 'error')
    return (
      <ErrorBlock status="default" title={t('orders.loadError')} description={state.message}>
        <Button size="small" color="primary" onClick={retry}>
          {t('actions.retry')}
        </Button>
      </ErrorBlock>
    );
  if (state.data === null) return <ErrorBlock status="empty" title={t('orders.notFound')} description="" />;
  return (
    <>
      <Card className="products-card" data-testid="order-card">
        <OrderFacts order={state.data} />
      </Card>
      <OrderDays orderId={id} />
    </>
  );
}

/** `/user/orders?id=N`: one order and its income day by day (paid, or delayed with the reason). */
export default function OrderDetailScreen() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  return (
    <div className="products-screen products-detail">
      {id === null ? <ErrorBlock status="empty" title={t('orders.notFound')} description="" /> : <LoadedOrder key={id} id={id} />}
    </div>
  );
}
