import { lazy } from 'react';
import type { RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'products',
  namespace: 'products',
  routes: [{ path: '/projects', Component: lazy(() => import('./features/landing/landing-screen')), titleKey: 'landing.title', depth: 1 }],
  loadTranslations: (lng) => import(`../locales/${lng}/products.json`),
};

export default remote;
