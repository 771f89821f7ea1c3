import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';
import { installServerApi } from '@rigshare/api-client';
import { prefetchFeed } from './api/endpoints';
import { followLiveEvents } from './api/live-events';

const remote: RemoteModule = {
  name: 'community',
  // The contract this remote is built against, so a shell that does not support it shows a fallback.
  contractVersion: CONTRACT_VERSION,
  namespace: 'community',
  routes: [
    { path: '/dynamic', Component: lazy(() => import('./features/square/square-screen')), titleKey: 'square.title', depth: 1, prefetch: prefetchFeed },
    { path: '/user/addynamic', Component: lazy(() => import('./features/post/add-post-screen')), titleKey: 'add.title', depth: 2 },
    { path: '/user/dyrecord', Component: lazy(() => import('./features/record/my-posts-screen')), titleKey: 'record.title', depth: 2 },
  ],
  loadTranslations: (lng) => import(`../locales/${lng}/community.json`),
  // The screens read server data through the page's one RTK Query API (api/endpoints.ts).
  setup: () => {
    installServerApi();
    followLiveEvents();
  },
};

export default remote;
