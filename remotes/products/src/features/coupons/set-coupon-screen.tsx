import { useState } from 'react';
import { Button, ErrorBlock, Radio, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadFailed, PageEmpty } from '@rigshare/ui';
import type { Coupon } from '../../api/coupons';
import { errorMessage, useUsableCouponsQuery } from '../../api/endpoints';
import { CouponItem } from '../shared/coupon-item';
import { parseId } from '../shared/parse-id';
import '../../products.css';

const NO_COUPON = 0;

/** Where the detail screen opens with `couponId` chosen (none = no coupon). */
export function detailWithCoupon(productId: number, couponId: number | null): string {
  return `/index/detail?id=${productId}${couponId ? `&couponId=${couponId}` : ''}`;
}

function Chooser({ productId, coupons, initial }: { productId: number; coupons: Coupon[]; initial: number | null }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<number>(initial !== null && coupons.some((c) => c.id === initial) ? initial : NO_COUPON);
  if (coupons.length === 0)
    return (
      <PageEmpty title={t('coupon.noneUsableTitle')} description={t('coupon.noneUsableDescription')}>
        <Link to={`/index/getcoupon?productId=${productId}`} className="products-more-link">
          {t('coupon.getTitle')}
        </Link>
      </PageEmpty>
    );
  return (
    <>
      <Radio.Group value={chosen} onChange={(value) => setChosen(Number(value))}>
        <div className="products-coupon-options">
          <Radio value={NO_COUPON} className="products-coupon-radio">
            {t('buy.noCoupon')}
          </Radio>
          {coupons.map((coupon) => (
            <Radio key={coupon.id} value={coupon.id} className="products-coupon-radio">
              <CouponItem coupon={coupon} state={chosen === coupon.id ? 'chosen' : 'received'} />
            </Radio>
          ))}
        </div>
      </Radio.Group>
      <p className="products-muted">{t('coupon.chooseNote')}</p>
      <Button block color="primary" data-testid="use-coupon" onClick={() => navigate(detailWithCoupon(productId, chosen === NO_COUPON ? null : chosen), { replace: true })}>
        {t('coupon.useChosen')}
      </Button>
    </>
  );
}

/** `/index/setcoupon?productId=N[&couponId=M]`: choose one of the member's coupons for this product and go back to it. */
export default function SetCouponScreen() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const productId = parseId(params.get('productId'));
  const initial = parseId(params.get('couponId'));
  const usable = useUsableCouponsQuery(productId ?? 0, { skip: productId === null });
  if (productId === null)
    return (
      <div className="products-screen">
        <ErrorBlock status="empty" title={t('detail.notFound')} description="" />
      </div>
    );
  return (
    <div className="products-screen products-detail">
      {usable.data ? (
        <Chooser productId={productId} coupons={usable.data} initial={initial} />
      ) : usable.isError ? (
        <LoadFailed title={t('coupon.loadError')} message={errorMessage(usable.error)} retry={() => void usable.refetch()} />
      ) : (
        <Skeleton.Paragraph lineCount={4} animated />
      )}
    </div>
  );
}
