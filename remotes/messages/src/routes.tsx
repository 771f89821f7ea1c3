import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';

const remote: RemoteModule = {
  name: 'messages',
  // The contract this remote is built against, so a shell that does not support it shows a fallback.
  contractVersion: CONTRACT_VERSION,
  namespace: 'messages',
  routes: [{ path: '/message', Component: lazy(() => import('./features/inbox/inbox-screen')), titleKey: 'inbox.title', depth: 1 }],
  loadTranslations: (lng) => import(`../locales/${lng}/messages.json`),
};

export default remote;
