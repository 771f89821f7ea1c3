import { lazy } from 'react';
import type { RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'messages',
  namespace: 'messages',
  routes: [{ path: '/message', Component: lazy(() => import('./features/inbox/inbox-screen')), titleKey: 'inbox.title', depth: 1 }],
  loadTranslations: (lng) => import(`../locales/${lng}/messages.json`),
};

export default remote;
