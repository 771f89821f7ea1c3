import { lazy } from 'react';
import type { RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'wallet',
  namespace: 'wallet',
  routes: [{ path: '/user/balance', Component: lazy(() => import('./features/landing/landing-screen')), titleKey: 'landing.title', depth: 2 }],
  loadTranslations: (lng) => import(`../locales/${lng}/wallet.json`),
};

export default remote;
