import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { MY_COUPON_STATES, type MyCouponState } from '../../api/coupons';
import { useMyCouponsInfiniteQuery } from '../../api/endpoints';
import { CouponItem } from '../shared/coupon-item';
import { MoreLinks } from '../shared/more-links';
import '../../products.css';

/** `/index/mycoupon`: the member's coupons by state: usable (received), used, expired. */
export default function MyCouponScreen() {
  const { t } = useTranslation('products');
  const [state, setState] = useState<MyCouponState>('received');
  const coupons = useMyCouponsInfiniteQuery(state);
  return (
    <div className="products-screen products-detail">
      <Tabs activeKey={state} onChange={(key) => setState(key as MyCouponState)} className="products-tabs">
        {MY_COUPON_STATES.map((key) => (
          <Tabs.Tab key={key} title={t(`coupon.tab.${key}`)} />
        ))}
      </Tabs>
      <InfiniteList
        key={state}
        className="products-list"
        source={coupons}
        loadError={t('coupon.loadError')}
        itemKey={(coupon) => coupon.id}
        renderItem={(coupon) => <CouponItem coupon={coupon} state={coupon.state} />}
        empty={<PageEmpty title={t('coupon.noneTitle')} description={t(`coupon.none.${state}`)} />}
      />
      <MoreLinks links={[{ to: '/index/getcoupon', text: t('coupon.getTitle') }]} />
    </div>
  );
}
