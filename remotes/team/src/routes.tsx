import { lazy } from 'react';
import type { RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'team',
  namespace: 'team',
  routes: [{ path: '/index/friend', Component: lazy(() => import('./features/friends/team-screen')), titleKey: 'team.title', depth: 1 }],
  loadTranslations: (lng) => import(`../locales/${lng}/team.json`),
};

export default remote;
