import { lazy } from 'react';
import type { RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'community',
  namespace: 'community',
  routes: [{ path: '/dynamic', Component: lazy(() => import('./features/square/square-screen')), titleKey: 'square.title', depth: 1 }],
  loadTranslations: (lng) => import(`../locales/${lng}/community.json`),
};

export default remote;
