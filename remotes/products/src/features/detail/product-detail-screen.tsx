import { ErrorBlock, Image, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Coupon } from '../../api/coupons';
import { errorMessage, READ_ON_EACH_VISIT, useAgreementQuery, useProductQuery, useProductTrackRecordQuery, useUsableCouponsQuery, useMemberBalanceQuery } from '../../api/endpoints';
import { NO_BUY_LIMIT, type ProductCard } from '../../api/products';
import { formatDateTime } from '@rigshare/i18n';
import { parseId } from '../shared/parse-id';
import { ShareSoldBar } from '../shared/share-sold-bar';
import { ProductTags } from '../shared/product-tags';
import { LoadFailed, Money } from '@rigshare/ui';
import { TrackRecordSection } from '../track-record/track-record-panel';
import { LeaseAgreement } from './lease-agreement';
import { PurchasePanel } from './purchase-panel';
import { MoreLinks } from '../shared/more-links';
import '../../products.css';

/** A positive whole-number product id from the query string, or null. */
export const parseProductId = parseId;

function ProductFacts({ product }: { product: ProductCard }) {
  const { t, i18n } = useTranslation('products');
  return (
    <>
      <div className="products-detail-hero">
        <Image className="products-detail-image" src={product.productImg} alt="" fit="cover" />
        <h1 className="products-detail-name" data-testid="product-name">
          {product.productName}
        </h1>
        <ProductTags product={product} />
      </div>
      <List header={t('detail.facts')} className="products-detail-list">
        <List.Item extra={<Money micro={product.price} />}>{t('card.price')}</List.Item>
        <List.Item extra={<Money micro={product.dayReturnAmount} />}>{t('card.dailyReturn')}</List.Item>
        <List.Item extra={product.validDays}>{t('card.validDays')}</List.Item>
        <List.Item extra={<Money micro={product.walletotal} />}>{t('card.totalReturn')}</List.Item>
        <List.Item extra={product.maxBuy === NO_BUY_LIMIT ? t('detail.noLimit') : product.maxBuy}>{t('detail.purchaseLimit')}</List.Item>
        <List.Item extra={product.unitsLeft}>{t('detail.unitsLeft')}</List.Item>
        <List.Item extra={formatDateTime(product.startTime, i18n.language)}>{t('detail.saleStart')}</List.Item>
        <List.Item extra={formatDateTime(product.endTime, i18n.language)}>{t('detail.saleEnd')}</List.Item>
      </List>
      <section className="products-detail-section">
        <h2>{t('card.shareSold')}</h2>
        <ShareSoldBar unitsSold={product.unitsSold} unitsOffered={product.unitsOffered} />
      </section>
      <p className="products-detail-note">{t('detail.returnsNote')}</p>
      <MoreLinks
        links={[
          { to: '/index/incomePattern', text: t('detail.howIncomeWorks') },
          { to: `/index/getcoupon?productId=${product.id}`, text: t('detail.getCoupons') },
          { to: `/index/setcoupon?productId=${product.id}`, text: t('coupon.setTitle'), testId: 'choose-coupon' },
        ]}
      />
    </>
  );
}

const NO_COUPONS: Coupon[] = [];

function LoadedProduct({ id, couponId }: { id: number; couponId: number | null }) {
  const { t } = useTranslation('products');
  const product = useProductQuery(id);
  const agreement = useAgreementQuery(id);
  // Coupons and the balance inform the summary; the purchase itself does not depend on them loading.
  const coupons = useUsableCouponsQuery(id);
  const balance = useMemberBalanceQuery();
  // What the product actually paid loads on its own: the purchase does not wait for it.
  const record = useProductTrackRecordQuery(id, READ_ON_EACH_VISIT);
  if (product.data && agreement.data && !coupons.isLoading && !balance.isLoading)
    return (
      <>
        <ProductFacts product={product.data} />
        <TrackRecordSection query={record} scope="product" />
        <LeaseAgreement agreement={agreement.data} />
        <PurchasePanel
          product={product.data}
          coupons={coupons.data ?? NO_COUPONS}
          // null when the balance could not be loaded; the server still checks it on buying.
          available={balance.data?.available ?? null}
          initialCouponId={couponId}
        />
      </>
    );
  const failed = product.isError ? product : agreement.isError ? agreement : null;
  if (failed)
    return (
      <LoadFailed
        title={t('detail.loadError')}
        message={errorMessage(failed.error)}
        retry={() => {
          if (product.isError) void product.refetch();
          if (agreement.isError) void agreement.refetch();
        }}
      />
    );
  return (
    <div className="products-skeleton" aria-busy="true">
      <Skeleton animated className="products-detail-image-skeleton" />
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

/**
 * `/index/detail?id=N[&couponId=M]`: the facts of one product, its real share sold, what it actually paid, the full lease
 * agreement and, on the same screen before the buy button, every figure of the purchase.
 */
export default function ProductDetailScreen() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const couponId = parseId(params.get('couponId'));
  return (
    <div className="products-screen products-detail">
      {id === null ? <ErrorBlock status="empty" title={t('detail.notFound')} description="" /> : <LoadedProduct key={`${id}-${couponId ?? ''}`} id={id} couponId={couponId} />}
    </div>
  );
}
