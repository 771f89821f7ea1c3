import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Coupon, CouponState } from '../../api/coupons';
import { formatDateTime, money } from '@rigshare/i18n';
import { Money } from '@rigshare/ui';
import '../../products.css';

const STATE_COLOR: Record<CouponState, string> = {
  available: 'primary',
  received: 'success',
  chosen: 'warning',
  used: 'default',
  expired: 'default',
};

function minSpendText(minSpend: string, t: TFunction<'products'>): string {
  try {
    const value = BigInt(minSpend);
    return value > 0n ? t('coupon.minSpend', { amount: money(value, { decimals: 'exact' }) }) : t('coupon.noMinSpend');
  } catch {
    return t('coupon.noMinSpend');
  }
}

/** A coupon's state as a tag: available, received, chosen, used, expired (SPEC.md section 3). */
export function CouponStateTag({ state }: { state: CouponState }) {
  const { t } = useTranslation('products');
  return (
    <Tag color={STATE_COLOR[state]} fill={state === 'chosen' ? 'solid' : 'outline'} className="products-status-tag" data-testid="coupon-state">
      {t(`coupon.state.${state}`)}
    </Tag>
  );
}

/** One coupon: what it takes off, its minimum spend, where it applies, its dates and state. */
export function CouponItem({ coupon, state, note, action }: { coupon: Coupon; state: CouponState; note?: ReactNode; action?: ReactNode }) {
  const { t, i18n } = useTranslation('products');
  const dimmed = state === 'used' || state === 'expired';
  return (
    <div className={`products-coupon${dimmed ? ' products-coupon--dimmed' : ''}`} data-testid="coupon">
      <div className="products-coupon-amount">
        <Money micro={coupon.amount} />
        <span className="products-coupon-off">{t('coupon.off')}</span>
      </div>
      <div className="products-coupon-body">
        <div className="products-coupon-name">
          <span>{coupon.name}</span>
          <CouponStateTag state={state} />
        </div>
        <div className="products-muted">{minSpendText(coupon.minSpend, t)}</div>
        <div className="products-muted">{coupon.productId === null ? t('coupon.anyProduct') : t('coupon.oneProduct')}</div>
        <div className="products-muted">
          {t('coupon.validUntil', { time: formatDateTime(coupon.endTime, i18n.language) })}
        </div>
        {note && <div className="products-coupon-note">{note}</div>}
      </div>
      {action && <div className="products-coupon-action">{action}</div>}
    </div>
  );
}
