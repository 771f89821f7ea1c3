import { useState } from 'react';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadFailed, PageEmpty } from '@rigshare/ui';
import type { Coupon } from '../../api/coupons';
import { errorMessage, useCouponsOpenQuery, useReceivableCouponsQuery, useReceiveCouponMutation } from '../../api/endpoints';
import { CouponItem } from '../shared/coupon-item';
import { parseId } from '../shared/parse-id';
import { MoreLinks } from '../shared/more-links';
import '../../products.css';

function ReceivableList({ coupons, productId }: { coupons: Coupon[]; productId: number | null }) {
  const { t } = useTranslation('products');
  const [received, setReceived] = useState<Record<number, Coupon>>({});
  const [receiveCoupon, receiving] = useReceiveCouponMutation();
  const busy = receiving.isLoading ? (receiving.originalArgs ?? null) : null;

  const receive = async (coupon: Coupon) => {
    const result = await receiveCoupon(coupon.id);
    // A refusal (for example: already received) has been shown with the server's message.
    if (!result.data) return;
    const got = result.data;
    setReceived((all) => ({ ...all, [coupon.id]: got }));
    Toast.show({ icon: 'success', content: t('coupon.receivedToast') });
  };

  if (coupons.length === 0) return <PageEmpty title={t('coupon.noneToReceiveTitle')} description={t('coupon.noneToReceiveDescription')} />;
  return (
    <div className="products-list">
      {coupons.map((coupon) => {
        const got = received[coupon.id];
        return (
          <CouponItem
            key={coupon.id}
            coupon={got ?? coupon}
            state={got ? 'received' : coupon.state}
            action={
              got ? (
                productId !== null ? (
                  <Link to={`/index/detail?id=${productId}&couponId=${coupon.id}`} className="products-more-link">
                    {t('coupon.use')}
                  </Link>
                ) : null
              ) : (
                <Button size="small" color="primary" data-testid="receive-coupon" loading={busy === coupon.id} disabled={busy !== null || coupon.state !== 'available'} onClick={() => void receive(coupon)}>
                  {t('coupon.receive')}
                </Button>
              )
            }
          />
        );
      })}
    </div>
  );
}

/** `/index/getcoupon[?productId=N]`: coupons the member can still receive, for one product or all. */
export default function GetCouponScreen() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const productId = parseId(params.get('productId'));
  const open = useCouponsOpenQuery();
  // Without a product the server lists every coupon the member can still receive.
  const coupons = useReceivableCouponsQuery(productId, { skip: open.data !== true });
  const failed = open.isError ? open : coupons.isError ? coupons : null;
  const retry = () => {
    if (open.isError) void open.refetch();
    else void coupons.refetch();
  };
  return (
    <div className="products-screen products-detail">
      {failed ? (
        <LoadFailed title={t('coupon.loadError')} message={errorMessage(failed.error)} retry={retry} />
      ) : open.data === false ? (
        <PageEmpty title={t('coupon.closedTitle')} description={t('coupon.closedDescription')} />
      ) : coupons.data ? (
        <ReceivableList coupons={coupons.data} productId={productId} />
      ) : (
        <Skeleton.Paragraph lineCount={4} animated />
      )}
      <MoreLinks links={[{ to: '/index/mycoupon', text: t('coupon.myTitle') }]} />
    </div>
  );
}
