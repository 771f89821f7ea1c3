import { staffMay, type StaffRole } from '@rigshare/api-schema';
import type { QueueChange, StaffQueue } from '../../events';

/** One row of `events`, as the dispatcher and the replay read it. */
export interface EventRow {
  id: number;
  audience: string;
  member_id: number | null;
  topic: string;
  data: string;
}

/** Who is on the other end of a channel: a member, a staff member, both (two tokens), or nobody (public only). */
export interface Caller {
  memberId: number | null;
  /** The member's session token's hash: the channel closes when that session ends. */
  tokenHash: string | null;
  staffRole: StaffRole | null;
}

/** The console's list each queue is, so a queue's events reach exactly the roles that may open that list. */
const QUEUE_LIST: Record<StaffQueue, 'recharges' | 'withdrawals' | 'posts' | 'submissions' | 'feedback'> = {
  recharges: 'recharges',
  withdrawals: 'withdrawals',
  approvals: 'withdrawals',
  posts: 'posts',
  submissions: 'submissions',
  feedback: 'feedback',
};

/** Whether the caller may receive the event: their own, public ones, and the queues their role may list. */
export function mayReceive(caller: Caller, row: EventRow): boolean {
  switch (row.audience) {
    case 'public':
      return true;
    case 'member':
      return caller.memberId !== null && row.member_id === caller.memberId;
    case 'staff':
      return caller.staffRole !== null && staffMay(caller.staffRole, QUEUE_LIST[(JSON.parse(row.data) as QueueChange).queue]);
    default:
      return false;
  }
}

/** The frame a client receives for an event. */
export const eventFrame = (row: EventRow): string => `{"type":"event","id":${row.id},"topic":${JSON.stringify(row.topic)},"data":${row.data}}`;
