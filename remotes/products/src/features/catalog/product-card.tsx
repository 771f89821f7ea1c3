import { Card, Image } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Money } from '@rigshare/ui';
import type { ProductCard as Product } from '../../api/products';
import { ShareSoldBar } from '../shared/share-sold-bar';
import { ProductTags } from '../shared/product-tags';
import '../../products.css';

export function productDetailPath(id: number): string {
  return `/index/detail?id=${encodeURIComponent(String(id))}`;
}

/** One product in a list: its facts, status badge and real share sold; tapping opens the details. */
export function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  return (
    <Card className="products-card" data-testid="product-card" onClick={() => navigate(productDetailPath(product.id))}>
      <div className="products-card-top">
        <Image className="products-card-image" src={product.productImg} alt="" width={88} height={88} fit="cover" lazy />
        <div className="products-card-heading">
          <div className="products-card-name" data-testid="product-name">
            {product.productName}
          </div>
          <ProductTags product={product} />
          <div className="products-card-price">
            <Money micro={product.price} />
          </div>
        </div>
      </div>
      <dl className="products-facts">
        <div>
          <dt>{t('card.dailyReturn')}</dt>
          <dd>
            <Money micro={product.dayReturnAmount} />
          </dd>
        </div>
        <div>
          <dt>{t('card.validDays')}</dt>
          <dd>{product.validDays}</dd>
        </div>
        <div>
          <dt>{t('card.totalReturn')}</dt>
          <dd>
            <Money micro={product.walletotal} />
          </dd>
        </div>
      </dl>
      <ShareSoldBar unitsSold={product.unitsSold} unitsOffered={product.unitsOffered} />
    </Card>
  );
}
