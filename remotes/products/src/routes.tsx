import { lazy } from 'react';
import type { RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'products',
  namespace: 'products',
  routes: [
    { path: '/projects', Component: lazy(() => import('./features/catalog/products-screen')), titleKey: 'catalog.title', depth: 1 },
    { path: '/index/detail', Component: lazy(() => import('./features/detail/product-detail-screen')), titleKey: 'detail.title', depth: 2 },
  ],
  widgets: { 'home.products': lazy(() => import('./features/catalog/home-product-list')) },
  loadTranslations: (lng) => import(`../locales/${lng}/products.json`),
};

export default remote;
