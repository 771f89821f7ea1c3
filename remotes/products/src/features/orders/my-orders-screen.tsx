import { useState } from 'react';
import { Button, Skeleton, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { InfiniteList, LoadFailed, Money, PageEmpty } from '@rigshare/ui';
import { errorMessage, useOrderPageInfiniteQuery, useOrderTotalsQuery } from '../../api/endpoints';
import type { OrderStatus } from '../../api/orders';
import { OrderCard } from './order-card';
import { orderDetailPath } from './order-display';
import { MoreLinks } from '../shared/more-links';
import '../../products.css';

type Filter = 'all' | OrderStatus;
const FILTERS: Filter[] = ['all', 'Valid', 'Expired'];

function Totals() {
  const { t } = useTranslation('products');
  const { data: totals, error, isError, refetch } = useOrderTotalsQuery();
  if (!totals)
    return isError ? <LoadFailed title={t('orders.totalsError')} message={errorMessage(error)} retry={() => void refetch()} /> : <Skeleton.Paragraph lineCount={2} animated />;
  return (
    <dl className="products-totals" data-testid="order-totals">
      <div>
        <dt>{t('orders.invested')}</dt>
        <dd>
          <Money micro={totals.invested} />
        </dd>
      </div>
      <div>
        <dt>{t('orders.earned')}</dt>
        <dd>
          <Money micro={totals.earned} />
        </dd>
      </div>
      <div>
        <dt>{t('orders.expectedTotal')}</dt>
        <dd>
          <Money micro={totals.expectedTotal} />
        </dd>
      </div>
      <div>
        <dt>{t('orders.count')}</dt>
        <dd>{t('orders.countValue', { orders: totals.orders, valid: totals.validOrders })}</dd>
      </div>
    </dl>
  );
}

/** `/user/myorder`: the member's totals, then their orders by status, newest first. */
export default function MyOrdersScreen() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const orders = useOrderPageInfiniteQuery(filter === 'all' ? null : filter);
  return (
    <div className="products-screen products-detail">
      <section className="products-detail-section">
        <Totals />
        <MoreLinks
          links={[
            { to: '/user/receiveincome', text: t('income.title') },
            { to: '/index/incomePattern', text: t('detail.howIncomeWorks') },
          ]}
        />
      </section>
      <Tabs activeKey={filter} onChange={(key) => setFilter(key as Filter)} className="products-tabs">
        {FILTERS.map((key) => (
          <Tabs.Tab key={key} title={t(`orders.filter.${key}`)} />
        ))}
      </Tabs>
      <InfiniteList
        key={filter}
        className="products-list"
        source={orders}
        loadError={t('orders.loadError')}
        itemKey={(order) => order.id}
        renderItem={(order) => <OrderCard order={order} onOpen={() => navigate(orderDetailPath(order.id))} />}
        empty={
          <PageEmpty title={t('orders.emptyTitle')} description={t('orders.emptyDescription')}>
            <Button size="small" color="primary" onClick={() => navigate('/projects')}>
              {t('orders.browse')}
            </Button>
          </PageEmpty>
        }
      />
    </div>
  );
}
