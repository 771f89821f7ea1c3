import { useDeferredValue } from 'react';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadFailed, PageEmpty } from '@rigshare/ui';
import { errorMessage, useProductPageInfiniteQuery } from '../../api/endpoints';
import { ProductCard } from './product-card';
import '../../products.css';

/** The home page's product list (widget slot `home.products`, under the shell's section title): the first page and a link to all products. */
export default function HomeProductList() {
  const { t } = useTranslation('products');
  // The first page of the same cache entry /projects scrolls through.
  const { data, error, isError, refetch } = useProductPageInfiniteQuery();
  // The store's updates render in one go; the cards render from a deferred copy, in slices that
  // leave a phone's main thread free between them (the skeleton stays until they are ready).
  const firstPage = useDeferredValue(data?.pages[0]);

  return (
    <div className="products-home">
      <div className="products-home-more">
        <Link to="/projects" className="products-more-link">
          {t('home.more')}
        </Link>
      </div>
      {!firstPage && !isError && (
        <div className="products-skeleton" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      )}
      {!firstPage && isError && <LoadFailed title={t('catalog.loadError')} message={errorMessage(error)} retry={() => void refetch()} />}
      {firstPage &&
        (firstPage.list.length === 0 ? (
          <PageEmpty title={t('catalog.emptyTitle')} description={t('catalog.emptyDescription')} />
        ) : (
          <div className="products-list">
            {firstPage.list.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        ))}
    </div>
  );
}
