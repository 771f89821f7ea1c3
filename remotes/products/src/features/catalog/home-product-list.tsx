import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@rigshare/domain';
import { LoadFailed, PageEmpty, useRequest } from '@rigshare/ui';
import { listProducts } from '../../api/products';
import { ProductCard } from './product-card';
import '../../products.css';

/** The home page's product list (widget slot `home.products`, under the shell's section title): the first page and a link to all products. */
export default function HomeProductList() {
  const { t } = useTranslation('products');
  const [state, retry] = useRequest('home-products', (signal) => listProducts(1, DEFAULT_PAGE_SIZE, signal));

  return (
    <div className="products-home">
      <div className="products-home-more">
        <Link to="/projects" className="products-more-link">
          {t('home.more')}
        </Link>
      </div>
      {state.status === 'loading' && (
        <div className="products-skeleton" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      )}
      {state.status === 'error' && (
        <LoadFailed title={t('catalog.loadError')} message={state.message} retry={retry} />
      )}
      {state.status === 'ready' &&
        (state.data.list.length === 0 ? (
          <PageEmpty title={t('catalog.emptyTitle')} description={t('catalog.emptyDescription')} />
        ) : (
          <div className="products-list">
            {state.data.list.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        ))}
    </div>
  );
}
