import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';
import { installStaffApi } from '@rigshare/api-client';
import { followLiveEvents } from './api/live-events';

/**
 * The staff console. The shell registers this remote only after a staff login (remotes.json marks it
 * `audience: staff`), so a member's page never downloads it; the server checks the role on every call.
 */
const remote: RemoteModule = {
  name: 'console',
  contractVersion: CONTRACT_VERSION,
  namespace: 'console',
  routes: [
    { path: '/console', Component: lazy(() => import('./features/dashboard/dashboard-screen')), titleKey: 'titles.dashboard', depth: 1 },
    { path: '/console/recharges', Component: lazy(() => import('./features/recharges/recharges-screen')), titleKey: 'titles.recharges', depth: 2 },
    { path: '/console/withdrawals', Component: lazy(() => import('./features/withdrawals/withdrawals-screen')), titleKey: 'titles.withdrawals', depth: 2 },
    { path: '/console/reviews', Component: lazy(() => import('./features/reviews/reviews-screen')), titleKey: 'titles.reviews', depth: 2 },
    { path: '/console/feedback', Component: lazy(() => import('./features/feedback/feedback-screen')), titleKey: 'titles.feedback', depth: 2 },
    { path: '/console/money', Component: lazy(() => import('./features/money/money-screen')), titleKey: 'titles.money', depth: 2 },
    { path: '/console/content', Component: lazy(() => import('./features/content/content-screen')), titleKey: 'titles.content', depth: 2 },
    { path: '/console/members', Component: lazy(() => import('./features/members/members-screen')), titleKey: 'titles.members', depth: 2 },
    { path: '/console/products', Component: lazy(() => import('./features/catalogue/products-screen')), titleKey: 'titles.products', depth: 2 },
    { path: '/console/rates', Component: lazy(() => import('./features/catalogue/rates-screen')), titleKey: 'titles.rates', depth: 2 },
    { path: '/console/catalogue', Component: lazy(() => import('./features/catalogue/catalogue-screen')), titleKey: 'titles.catalogue', depth: 2 },
    { path: '/console/audit', Component: lazy(() => import('./features/audit/audit-screen')), titleKey: 'titles.audit', depth: 2 },
  ],
  loadTranslations: (lng) => import(`../locales/${lng}/console.json`),
  // The screens read the /admin API through the staff API (never the member's serverApi).
  setup: () => {
    installStaffApi();
    followLiveEvents();
  },
};

export default remote;
