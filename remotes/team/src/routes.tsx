import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';
import { installServerApi } from '@rigshare/api-client';
import { prefetchTeamInfo } from './api/endpoints';
import { followLiveEvents } from './api/live-events';

const TeamList = lazy(() => import('./features/members/team-list-screen'));
const Sign = lazy(() => import('./features/sign/sign-screen'));

const remote: RemoteModule = {
  name: 'team',
  // The contract this remote is built against, so a shell that does not support it shows a fallback.
  contractVersion: CONTRACT_VERSION,
  namespace: 'team',
  setup: () => {
    installServerApi();
    followLiveEvents();
  },
  routes: [
    { path: '/index/friend', Component: lazy(() => import('./features/friends/team-screen')), titleKey: 'team.title', depth: 1, prefetch: prefetchTeamInfo },
    { path: '/index/friendmore', Component: TeamList, titleKey: 'list.title', depth: 2 },
    { path: '/index/sharedetails', Component: TeamList, titleKey: 'list.title', depth: 2 },
    { path: '/index/invitation', Component: lazy(() => import('./features/invitation/invitation-screen')), titleKey: 'invitation.title', depth: 2 },
    { path: '/index/lowerincome', Component: lazy(() => import('./features/income/lower-income-screen')), titleKey: 'income.title', depth: 2 },
    { path: '/index/joinGroup', Component: lazy(() => import('./features/submissions/join-group-screen')), titleKey: 'joinGroup.title', depth: 2 },
    { path: '/index/shareLink', Component: lazy(() => import('./features/submissions/share-link-screen')), titleKey: 'shareLink.title', depth: 2 },
    { path: '/index/sign', Component: Sign, titleKey: 'sign.title', depth: 2 },
    { path: '/user/signbonus', Component: Sign, titleKey: 'sign.title', depth: 2 },
    { path: '/user/reward', Component: lazy(() => import('./features/rewards/reward-screen')), titleKey: 'reward.title', depth: 2 },
  ],
  loadTranslations: (lng) => import(`../locales/${lng}/team.json`),
};

export default remote;
