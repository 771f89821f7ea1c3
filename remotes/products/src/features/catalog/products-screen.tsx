import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@rigshare/domain';
import { PageEmpty, PullToLoadList } from '@rigshare/ui';
import { listProducts, type ProductCard as Product } from '../../api/products';
import { ProductCard } from './product-card';
import '../../products.css';

/** `/projects`: the whole catalogue, one page at a time as the member scrolls. */
export default function ProductsScreen() {
  const { t } = useTranslation('products');
  const load = useCallback((pageNum: number) => listProducts(pageNum, DEFAULT_PAGE_SIZE), []);
  return (
    <div className="products-screen">
      <PullToLoadList<Product>
        className="products-list"
        load={load}
        itemKey={(product) => product.id}
        renderItem={(product) => <ProductCard product={product} />}
        empty={<PageEmpty title={t('catalog.emptyTitle')} description={t('catalog.emptyDescription')} />}
      />
    </div>
  );
}
