import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';
import { installServerApi } from '@rigshare/api-client';
import { followLiveEvents } from './api/live-events';

const remote: RemoteModule = {
  name: 'messages',
  // The contract this remote is built against, so a shell that does not support it shows a fallback.
  contractVersion: CONTRACT_VERSION,
  namespace: 'messages',
  routes: [
    { path: '/message', Component: lazy(() => import('./features/center/message-center-screen')), titleKey: 'inbox.title', depth: 1 },
    { path: '/news', Component: lazy(() => import('./features/news/news-screen')), titleKey: 'news.title', depth: 2 },
    { path: '/user/news', Component: lazy(() => import('./features/news/notices-screen')), titleKey: 'notices.title', depth: 2 },
    { path: '/info/detail', Component: lazy(() => import('./features/news/news-detail-screen')), titleKey: 'news.detailTitle', depth: 3 },
    { path: '/user/feedback', Component: lazy(() => import('./features/feedback/feedback-screen')), titleKey: 'feedback.title', depth: 2 },
    { path: '/index/alert', Component: lazy(() => import('./features/alert/alert-screen')), titleKey: 'alert.title', depth: 2 },
    { path: '/user/msg', Component: lazy(() => import('./features/push/push-messages-screen')), titleKey: 'push.title', depth: 2 },
  ],
  loadTranslations: (lng) => import(`../locales/${lng}/messages.json`),
  // The screens read server data through the page's one RTK Query API (api/endpoints.ts).
  setup: () => {
    installServerApi();
    followLiveEvents();
  },
};

export default remote;
