import { Button, ErrorBlock, Image, List, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { getProduct, NO_BUY_LIMIT, type ProductCard } from '../../api/products';
import { formatDateTime } from '../shared/format-date-time';
import { Money } from '../shared/money';
import { ShareSoldBar } from '../shared/share-sold-bar';
import { StatusTag } from '../shared/status-tag';
import { useRequest } from '../shared/use-request';
import '../../products.css';

/** A positive whole-number product id from the query string, or null. */
export function parseProductId(raw: string | null): number | null {
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

function ProductFacts({ product }: { product: ProductCard }) {
  const { t, i18n } = useTranslation('products');
  return (
    <>
      <div className="products-detail-hero">
        <Image className="products-detail-image" src={product.productImg} alt="" fit="cover" />
        <h1 className="products-detail-name" data-testid="product-name">
          {product.productName}
        </h1>
        <div className="products-card-tags">
          {product.categoryName && <Tag color="primary" fill="outline" className="products-category-tag">{product.categoryName}</Tag>}
          <StatusTag product={product} />
        </div>
      </div>
      <List header={t('detail.facts')} className="products-detail-list">
        <List.Item extra={<Money micro={product.price} />}>{t('card.price')}</List.Item>
        <List.Item extra={<Money micro={product.dayReturnAmount} />}>{t('card.dailyReturn')}</List.Item>
        <List.Item extra={product.validDays}>{t('card.validDays')}</List.Item>
        <List.Item extra={<Money micro={product.walletotal} />}>{t('card.totalReturn')}</List.Item>
        <List.Item extra={product.maxBuy === NO_BUY_LIMIT ? t('detail.noLimit') : product.maxBuy}>{t('detail.purchaseLimit')}</List.Item>
        <List.Item extra={formatDateTime(product.startTime, i18n.language)}>{t('detail.saleStart')}</List.Item>
        <List.Item extra={formatDateTime(product.endTime, i18n.language)}>{t('detail.saleEnd')}</List.Item>
      </List>
      <section className="products-detail-section">
        <h2>{t('card.shareSold')}</h2>
        <ShareSoldBar unitsSold={product.unitsSold} unitsOffered={product.unitsOffered} />
      </section>
      <p className="products-detail-note">{t('detail.returnsNote')}</p>
    </>
  );
}

function LoadedProduct({ id }: { id: number }) {
  const { t } = useTranslation('products');
  const [state, retry] = useRequest(`product-${id}`, (signal) => getProduct(id, signal));
  if (state.status === 'loading')
    return (
      <div className="products-skeleton" aria-busy="true">
        <Skeleton animated className="products-detail-image-skeleton" />
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (state.status === 'error')
    return (
      <ErrorBlock status="default" title={t('detail.loadError')} description={state.message}>
        <Button color="primary" size="small" onClick={retry}>
          {t('actions.retry')}
        </Button>
      </ErrorBlock>
    );
  return <ProductFacts product={state.data} />;
}

/** `/index/detail?id=N`: the facts of one product and its real share sold. */
export default function ProductDetailScreen() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const id = parseProductId(params.get('id'));
  return (
    <div className="products-screen products-detail">
      {id === null ? <ErrorBlock status="empty" title={t('detail.notFound')} description="" /> : <LoadedProduct key={id} id={id} />}
    </div>
  );
}
