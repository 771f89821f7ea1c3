import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ProductCard } from '../../api/products';
import { formatDateTime } from '@rigshare/i18n';
import { statusBadge } from './product-status';
import { useCountdown } from './use-countdown';
import '../../products.css';

function RushPurchaseTag({ target }: { target: string | null }) {
  const { t } = useTranslation('products');
  const left = useCountdown(target);
  const time = left.days > 0 ? t('status.countdownWithDays', { days: left.days, clock: left.clock }) : left.clock;
  return (
    <Tag color="#b93d0c" className="products-status-tag" data-testid="product-status">
      {t('status.rushPurchase')} <span className="products-countdown">{time}</span>
    </Tag>
  );
}

/** The status badge of SPEC.md section 4: sold out, rush purchase with a live countdown, pre sale with its start. */
export function StatusTag({ product }: { product: Pick<ProductCard, 'status' | 'daotimes' | 'startTime'> }) {
  const { t, i18n } = useTranslation('products');
  const badge = statusBadge(product.status);
  if (badge === 'soldOut')
    return (
      <Tag color="#6b7773" className="products-status-tag" data-testid="product-status">
        {t('status.soldOut')}
      </Tag>
    );
  if (badge === 'rushPurchase') return <RushPurchaseTag target={product.daotimes} />;
  if (badge === 'preSale')
    return (
      <Tag color="warning" fill="outline" className="products-status-tag" data-testid="product-status">
        {t('status.preSale')} · {t('status.startsAt', { time: formatDateTime(product.startTime, i18n.language) })}
      </Tag>
    );
  return null;
}
