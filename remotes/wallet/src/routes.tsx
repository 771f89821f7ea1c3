import { lazy } from 'react';
import type { RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'wallet',
  namespace: 'wallet',
  routes: [{ path: '/user/balance', Component: lazy(() => import('./features/balance/balance-screen')), titleKey: 'balance.title', depth: 2 }],
  loadTranslations: (lng) => import(`../locales/${lng}/wallet.json`),
};

export default remote;
