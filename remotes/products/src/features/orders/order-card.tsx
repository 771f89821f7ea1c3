import { Card, Image, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../api/orders';
import { formatDateTime } from '@rigshare/i18n';
import { Money } from '@rigshare/ui';
import { orderView } from './order-display';
import '../../products.css';

const STATUS_COLORS: Record<Order['status'], string> = { Valid: 'success', Expired: 'default', Sold: 'warning' };

export function OrderStatusTag({ status }: { status: Order['status'] }) {
  const { t } = useTranslation('products');
  return (
    <Tag color={STATUS_COLORS[status]} fill="outline" className="products-status-tag" data-testid="order-status">
      {t(`orders.status.${status}`)}
    </Tag>
  );
}

/** One order's figures: what was bought and paid, what it is expected to return, and what it has earned. */
export function OrderFacts({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('products');
  const view = orderView(order, Date.now());
  return (
    <>
      <div className="products-card-top">
        <Image className="products-card-image" src={order.productImg} alt="" width={64} height={64} fit="cover" lazy />
        <div className="products-card-heading">
          <div className="products-card-name">{order.productName}</div>
          <div className="products-card-tags">
            <OrderStatusTag status={view.status} />
            {view.status === 'Valid' && <Tag fill="outline" className="products-category-tag">{t('orders.daysLeft', { days: view.daysLeft })}</Tag>}
          </div>
        </div>
      </div>
      <dl className="products-order-facts">
        <div>
          <dt>{t('orders.quantity')}</dt>
          <dd>{order.quantity}</dd>
        </div>
        <div>
          <dt>{t('card.price')}</dt>
          <dd>
            <Money micro={order.price} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.paid')}</dt>
          <dd>
            <Money micro={order.amount} />
          </dd>
        </div>
        {BigInt(order.couponAmount || '0') > 0n && (
          <div>
            <dt>{t('buy.couponDiscount')}</dt>
            <dd>
              -<Money micro={order.couponAmount} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('card.dailyReturn')}</dt>
          <dd>
            <Money micro={order.dailyIncome} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.totalRevenue')}</dt>
          <dd>
            <Money micro={order.walletotal} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.earned')}</dt>
          <dd>
            <Money micro={order.earned} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.daysPaid')}</dt>
          <dd>{t('orders.daysOf', { paid: view.daysPaid, total: view.validDays })}</dd>
        </div>
        <div>
          <dt>{t('orders.getTime')}</dt>
          <dd>{formatDateTime(order.createTime, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('orders.expireDate')}</dt>
          <dd>{formatDateTime(order.expireTime, i18n.language)}</dd>
        </div>
        {order.status === 'Sold' && order.soldTime && order.soldAmount && (
          <>
            <div data-testid="order-sold-time">
              <dt>{t('orders.soldTime')}</dt>
              <dd>{formatDateTime(order.soldTime, i18n.language)}</dd>
            </div>
            <div data-testid="order-sold-amount">
              <dt>{t('orders.soldAmount')}</dt>
              <dd>
                <Money micro={order.soldAmount} />
              </dd>
            </div>
          </>
        )}
      </dl>
      {view.delayed && (
        <p className="products-warning" data-testid="order-delayed">
          {t('orders.delayed', { days: view.daysDelayed })}
        </p>
      )}
    </>
  );
}

export function OrderCard({ order, onOpen }: { order: Order; onOpen: () => void }) {
  return (
    <Card className="products-card" data-testid="order-card" onClick={onOpen}>
      <OrderFacts order={order} />
    </Card>
  );
}
