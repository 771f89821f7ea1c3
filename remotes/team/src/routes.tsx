import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'team',
  // The contract this remote is built against, so a shell that does not support it shows a fallback.
  contractVersion: CONTRACT_VERSION,
  namespace: 'team',
  routes: [{ path: '/index/friend', Component: lazy(() => import('./features/friends/team-screen')), titleKey: 'team.title', depth: 1 }],
  loadTranslations: (lng) => import(`../locales/${lng}/team.json`),
};

export default remote;
