import { useTranslation } from 'react-i18next';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useProductPageInfiniteQuery } from '../../api/endpoints';
import { ProductCard } from './product-card';
import '../../products.css';

/** `/projects`: the whole catalogue, one page at a time as the member scrolls. */
export default function ProductsScreen() {
  const { t } = useTranslation('products');
  const products = useProductPageInfiniteQuery();
  return (
    <div className="products-screen">
      <InfiniteList
        className="products-list"
        source={products}
        loadError={t('catalog.loadError')}
        itemKey={(product) => product.id}
        renderItem={(product) => <ProductCard product={product} />}
        empty={<PageEmpty title={t('catalog.emptyTitle')} description={t('catalog.emptyDescription')} />}
      />
    </div>
  );
}
