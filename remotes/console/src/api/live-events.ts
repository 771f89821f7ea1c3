import { invalidateOnLive, staffApi } from '@rigshare/api-client';
import type { StaffQueue } from '@rigshare/domain';

/** The list each staff queue is drawn from (first and second approvals are withdrawals awaiting them). */
const QUEUE_TAGS = {
  recharges: 'Recharges',
  withdrawals: 'Withdrawals',
  approvals: 'Withdrawals',
  posts: 'Posts',
  submissions: 'Submissions',
  feedback: 'Feedback',
} as const satisfies Record<StaffQueue, string>;

/**
 * An item added to a queue, or decided by another staff member, reloads that queue's list and the
 * dashboard's counts on each section, so every open console shows it at once.
 */
export const followLiveEvents = () => invalidateOnLive(staffApi.util.invalidateTags, { queue: ({ queue }) => [QUEUE_TAGS[queue], 'Dashboard'] as const });
