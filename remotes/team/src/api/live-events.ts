import { invalidateOnLive, serverApi } from '@rigshare/api-client';

/**
 * Staff deciding a join-group or video submission, a reward paid (or waiting for the budget) and
 * lower-level income credited reload the screens that show them.
 */
export const followLiveEvents = () =>
  invalidateOnLive(serverApi.util.invalidateTags, {
    submission: [
      { type: 'Team', id: 'joingroup' },
      { type: 'Team', id: 'video' },
    ],
    reward: [{ type: 'Team', id: 'rewards' }],
    income: [{ type: 'Team', id: 'rewards' }],
  });
