import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'community',
  // The contract this remote is built against, so a shell that does not support it shows a fallback.
  contractVersion: CONTRACT_VERSION,
  namespace: 'community',
  routes: [{ path: '/dynamic', Component: lazy(() => import('./features/square/square-screen')), titleKey: 'square.title', depth: 1 }],
  loadTranslations: (lng) => import(`../locales/${lng}/community.json`),
};

export default remote;
