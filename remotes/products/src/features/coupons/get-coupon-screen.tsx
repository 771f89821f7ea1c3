import { useState } from 'react';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadFailed, PageEmpty, useRequest } from '@rigshare/ui';
import { isCouponOpen, listReceivableCoupons, receiveCoupon, type Coupon } from '../../api/coupons';
import { CouponItem } from '../shared/coupon-item';
import { parseId } from '../shared/parse-id';
import '../../products.css';

async function loadReceivable(productId: number | null, signal: AbortSignal): Promise<Coupon[] | null> {
  if (!(await isCouponOpen(signal))) return null;
  // Without a product the server lists every coupon the member can still receive.
  return listReceivableCoupons(productId, signal);
}

function ReceivableList({ coupons, productId }: { coupons: Coupon[]; productId: number | null }) {
  const { t } = useTranslation('products');
  const [received, setReceived] = useState<Record<number, Coupon>>({});
  const [busy, setBusy] = useState<number | null>(null);

  const receive = async (coupon: Coupon) => {
    setBusy(coupon.id);
    try {
      const got = await receiveCoupon(coupon.id);
      setReceived((all) => ({ ...all, [coupon.id]: got }));
      Toast.show({ icon: 'success', content: t('coupon.receivedToast') });
    } catch {
      // The client has shown the server's message (for example: already received).
    } finally {
      setBusy(null);
    }
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
  const [state, retry] = useRequest(`receivable-${productId ?? 'all'}`, (signal) => loadReceivable(productId, signal));
  return (
    <div className="products-screen products-detail">
      {state.status === 'loading' && <Skeleton.Paragraph lineCount={4} animated />}
      {state.status === 'error' && (
        <LoadFailed title={t('coupon.loadError')} message={state.message} retry={retry} />
      )}
      {state.status === 'ready' &&
        (state.data === null ? (
          <PageEmpty title={t('coupon.closedTitle')} description={t('coupon.closedDescription')} />
        ) : (
          <ReceivableList coupons={state.data} productId={productId} />
        ))}
      <div className="products-links">
        <Link to="/index/mycoupon" className="products-more-link">
          {t('coupon.myTitle')}
        </Link>
      </div>
    </div>
  );
}
