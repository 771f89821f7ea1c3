import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';
import { installServerApi } from '@rigshare/api-client';
import { prefetchFirstProductPage } from './api/endpoints';

/**
 * Home's product list is the first thing a signed-in member waits for from this remote: its chunk is
 * fetched as soon as this module runs, beside the translations the shell asks for next, not after them.
 */
const homeProductList = import('./features/catalog/home-product-list');
// A failed fetch shows when the widget renders (its area's fallback), not as an unhandled rejection.
homeProductList.catch(() => undefined);

const remote: RemoteModule = {
  name: 'products',
  // The contract this remote is built against, so a shell that does not support it shows a fallback.
  contractVersion: CONTRACT_VERSION,
  namespace: 'products',
  routes: [
    { path: '/projects', Component: lazy(() => import('./features/catalog/products-screen')), titleKey: 'catalog.title', depth: 1 },
    { path: '/index/detail', Component: lazy(() => import('./features/detail/product-detail-screen')), titleKey: 'detail.title', depth: 2 },
    { path: '/index/incomePattern', Component: lazy(() => import('./features/income/income-pattern-screen')), titleKey: 'pattern.title', depth: 2 },
    { path: '/user/myorder', Component: lazy(() => import('./features/orders/my-orders-screen')), titleKey: 'orders.title', depth: 2 },
    { path: '/user/orders', Component: lazy(() => import('./features/orders/order-detail-screen')), titleKey: 'orders.detailTitle', depth: 3 },
    { path: '/user/receiveincome', Component: lazy(() => import('./features/income/receive-income-screen')), titleKey: 'income.title', depth: 2 },
    { path: '/user/earn', Component: lazy(() => import('./features/income/earnings-screen')), titleKey: 'income.earnTitle', depth: 2 },
    { path: '/index/getcoupon', Component: lazy(() => import('./features/coupons/get-coupon-screen')), titleKey: 'coupon.getTitle', depth: 2 },
    { path: '/index/mycoupon', Component: lazy(() => import('./features/coupons/my-coupon-screen')), titleKey: 'coupon.myTitle', depth: 2 },
    { path: '/index/setcoupon', Component: lazy(() => import('./features/coupons/set-coupon-screen')), titleKey: 'coupon.setTitle', depth: 2 },
  ],
  widgets: { 'home.products': lazy(() => homeProductList) },
  prefetch: { 'home.products': prefetchFirstProductPage },
  loadTranslations: (lng) => import(`../locales/${lng}/products.json`),
  // The screens read server data through the page's one RTK Query API (api/endpoints.ts).
  setup: () => installServerApi(),
};

export default remote;
