import { useState } from 'react';
import { Button, Checkbox, Dialog, List, Radio, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { couponFit, saleState, type CouponFit } from '@rigshare/domain';
import { useNavigate } from 'react-router-dom';
import type { Coupon } from '../../api/coupons';
import { useCreateOrderMutation } from '../../api/endpoints';
import { PRODUCT_STATUS, type ProductCard } from '../../api/products';
import { CouponItem } from '../shared/coupon-item';
import { QuantityStepper } from './quantity-stepper';
import { RequestIdKeeper } from '@rigshare/api-client';
import { usdt } from '@rigshare/i18n';
import { Money } from '@rigshare/ui';
import { useCountdown } from '../shared/use-countdown';
import { attemptContent, clampQuantity, maxQuantity, purchaseSummary, type PurchaseSummary } from './purchase';
import '../../products.css';

const EXACT = { decimals: 'exact' } as const;

export interface PurchasePanelProps {
  product: ProductCard;
  /** Coupons the member holds for this product (coupon/userProductCoupons). */
  coupons: Coupon[];
  /** Available balance in micro-units; null when it could not be loaded. */
  available: string | null;
  /** A coupon chosen on the coupon screen, if any. */
  initialCouponId?: number | null;
}

const NO_COUPON = 0;

/** Re-renders at the product's next sale boundary (pre-sale start, rush end), from its real configured times. */
function useSaleBoundary(product: ProductCard): void {
  const target = product.status === PRODUCT_STATUS.preSale ? product.startTime : product.status === PRODUCT_STATUS.rush ? product.endTime : null;
  useCountdown(target);
}

function SummaryLines({ summary }: { summary: PurchaseSummary }) {
  const { t } = useTranslation('products');
  return (
    <List className="products-summary" header={t('buy.summary')}>
      <List.Item extra={<Money micro={summary.subtotal} />} description={t('buy.priceTimesQuantity', { quantity: summary.quantity })}>
        {t('card.price')}
      </List.Item>
      <List.Item
        extra={
          <span data-testid="coupon-discount">
            {/* A minus only on a real discount: "-0.00" reads as a charge the member cannot place. */}
            {summary.couponDiscount > 0n && '-'}
            <Money micro={summary.couponDiscount} />
          </span>
        }
      >
        {t('buy.couponDiscount')}
      </List.Item>
      <List.Item extra={<Money micro={summary.fee} />}>{t('buy.fee')}</List.Item>
      <List.Item extra={<strong data-testid="amount-to-pay"><Money micro={summary.toPay} /></strong>}>{t('buy.toPay')}</List.Item>
      <List.Item extra={<Money micro={summary.dailyReturn} />}>{t('card.dailyReturn')}</List.Item>
      <List.Item extra={summary.validDays}>{t('card.validDays')}</List.Item>
      <List.Item extra={<Money micro={summary.totalReturn} />}>{t('card.totalReturn')}</List.Item>
      <List.Item extra={summary.available === null ? t('buy.balanceUnknown') : <Money micro={summary.available} />}>{t('buy.available')}</List.Item>
    </List>
  );
}

function fitNote(fit: CouponFit, t: (key: string) => string): string | undefined {
  if (fit === 'belowMinSpend') return t('coupon.fit.belowMinSpend');
  if (fit === 'otherProduct') return t('coupon.fit.otherProduct');
  if (fit === 'notNow') return t('coupon.fit.notNow');
  if (fit === 'coversTotal') return t('coupon.fit.coversTotal');
  return undefined;
}

/**
 * Buying, all on one screen under the lease agreement (DESIGN.md section 1): quantity, coupon,
 * every figure of the purchase, the agreement checkbox and the buy button, then a confirm dialog.
 */
export function PurchasePanel({ product, coupons, available, initialCouponId = null }: PurchasePanelProps) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  useSaleBoundary(product);
  const now = Date.now();
  const max = maxQuantity(product);
  const sale = max < 1 ? 'soldOut' : saleState(product, now);
  const [quantity, setQuantity] = useState(1);
  const [chosenId, setChosenId] = useState<number>(() => (initialCouponId !== null && coupons.some((c) => c.id === initialCouponId) ? initialCouponId : NO_COUPON));
  const [agreed, setAgreed] = useState(false);
  const [createOrder, { isLoading: buying }] = useCreateOrderMutation();
  const [keeper] = useState(() => new RequestIdKeeper());

  const units = clampQuantity(quantity, max);
  const subtotal = BigInt(product.price) * BigInt(units);
  const chosen = coupons.find((coupon) => coupon.id === chosenId) ?? null;
  // A chosen coupon that no longer fits (the order fell below its minimum spend) is not sent.
  const applied = chosen && couponFit(chosen, product.id, subtotal, now) === 'fits' ? chosen : null;
  const summary = purchaseSummary(product, units, applied, available, now);
  const canBuy = sale === 'open' && agreed && !buying;

  const buy = async () => {
    const couponId = applied?.id ?? null;
    // Opening the confirm step fixes this attempt's key; a retry of the same purchase reuses it.
    const requestId = keeper.idFor(attemptContent(product.id, units, couponId));
    const confirmed = await Dialog.confirm({
      title: t('buy.confirmTitle'),
      // Rendered outside the screen's tree, so the figures are formatted here as plain text.
      content: (
        <div className="products-confirm" data-testid="buy-confirm">
          <p>{t('buy.confirmProduct', { name: product.productName, quantity: units })}</p>
          <p>
            {t('buy.toPay')}: <strong>{usdt(summary.toPay, EXACT)}</strong>
          </p>
          {summary.couponDiscount > 0n && (
            <p>
              {t('buy.couponDiscount')}: -{usdt(summary.couponDiscount, EXACT)}
            </p>
          )}
          <p>
            {t('buy.fee')}: {usdt(summary.fee, EXACT)}
          </p>
          <p>
            {t('card.dailyReturn')}: {usdt(summary.dailyReturn, EXACT)} × {summary.validDays}
          </p>
          <p>
            {t('card.totalReturn')}: {usdt(summary.totalReturn, EXACT)}
          </p>
          <p className="products-muted">{t('buy.confirmNote')}</p>
        </div>
      ),
      confirmText: t('buy.confirm'),
      cancelText: t('common:actions.cancel'),
    });
    if (!confirmed) return;
    const result = await createOrder({ productId: product.id, quantity: units, couponId: couponId ?? undefined, requestId });
    // A refusal has been shown with the server's message; the same requestId stays for a retry of this attempt.
    if (result.error) return;
    keeper.settle();
    Toast.show({ icon: 'success', content: t('buy.success') });
    navigate('/user/myorder');
  };

  return (
    <section className="products-detail-section products-purchase" aria-label={t('buy.title')}>
      <h2>{t('buy.title')}</h2>
      <div className="products-purchase-row">
        <span>{t('buy.quantity')}</span>
        <QuantityStepper
          label={t('buy.quantity')}
          data-testid="quantity"
          min={1}
          max={Math.max(1, max)}
          step={1}
          digits={0}
          value={units}
          disabled={sale !== 'open'}
          onChange={(value) => setQuantity(clampQuantity(Number(value), max))}
        />
      </div>
      <p className="products-muted">{max > 0 ? t('buy.maxQuantity', { max }) : t('buy.noneLeft')}</p>

      {coupons.length > 0 && (
        <div className="products-coupon-choice">
          <h3>{t('buy.coupon')}</h3>
          <Radio.Group value={chosenId} onChange={(value) => setChosenId(Number(value))}>
            <div className="products-coupon-options">
              <Radio value={NO_COUPON} className="products-coupon-radio">
                {t('buy.noCoupon')}
              </Radio>
              {coupons.map((coupon) => {
                const fit = couponFit(coupon, product.id, subtotal, now);
                return (
                  <Radio key={coupon.id} value={coupon.id} disabled={fit !== 'fits'} className="products-coupon-radio">
                    <CouponItem coupon={coupon} state={applied?.id === coupon.id ? 'chosen' : 'received'} note={fitNote(fit, t)} />
                  </Radio>
                );
              })}
            </div>
          </Radio.Group>
        </div>
      )}

      <SummaryLines summary={summary} />
      {summary.short && (
        <p className="products-warning" role="status">
          {t('buy.short')}
        </p>
      )}

      <Checkbox data-testid="agree-lease" checked={agreed} onChange={setAgreed} className="products-agree">
        {t('buy.agree')}
      </Checkbox>
      <Button block color="primary" size="large" data-testid="buy" disabled={!canBuy} loading={buying} onClick={() => void buy()}>
        {t('buy.button')}
      </Button>
      {sale !== 'open' && <p className="products-muted" role="status">{t(`buy.sale.${sale}`)}</p>}
      {sale === 'open' && !agreed && <p className="products-muted">{t('buy.agreeFirst')}</p>}
    </section>
  );
}
