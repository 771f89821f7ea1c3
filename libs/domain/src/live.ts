/**
 * The live channel's wire protocol (docs/architecture.md, "Live channel"): one WebSocket per tab at
 * `GET /api/live`, JSON frames both ways. Shared by the server that sends the frames and the
 * browser that reads them.
 */

/** What each topic's event carries. Member topics, then the staff `queue`, then the public `solvency`. */
export interface LiveTopicData {
  messages: { unread: number };
  deposit: { id: number; status: string; confirmations: number; required: number };
  withdrawal: { id: number; status: string };
  /** Any ledger transfer touching the member's account: read the balance again. */
  balance: Record<string, never>;
  post: { id: number; status: string };
  comment: { postId: number };
  reward: { status: 'paid' | 'pending' };
  submission: { id: number; status: string };
  /** Lower-level income credited. */
  income: Record<string, never>;
  queue: { queue: StaffQueue; id: number; change: 'added' | 'decided' };
  solvency: { snapshotId: number };
}

export type LiveTopic = keyof LiveTopicData;

export const STAFF_QUEUES = ['recharges', 'withdrawals', 'approvals', 'posts', 'submissions', 'feedback'] as const;
export type StaffQueue = (typeof STAFF_QUEUES)[number];

/** The client's first frame: who is asking and the last event id it processed (null: none yet). */
export interface LiveAuthFrame {
  type: 'auth';
  token: string | null;
  staffToken: string | null;
  since: number | null;
}

export type LiveEventFrame = { [Topic in LiveTopic]: { type: 'event'; id: number; topic: Topic; data: LiveTopicData[Topic] } }[LiveTopic];

export type LiveServerFrame =
  | LiveEventFrame
  /** The replay after `since` is done (or there was none); `lastId` is the newest id the server has. */
  | { type: 'ready'; lastId: number }
  /** `since` is older than what the server keeps: refetch everything shown, then events resume. */
  | { type: 'resync' }
  /** The session is over; the server closes with `LIVE_CLOSE.sessionEnded` next. */
  | { type: 'ended'; reason: 'logout' | 'password' | 'frozen' | 'expired' };

/** Close codes of the channel besides the standard ones. */
export const LIVE_CLOSE = {
  /** No auth frame within 5 s, a refused session, or the session ended: do not reconnect with it. */
  sessionEnded: 4401,
  /** More connections for this member than the server allows: try again later. */
  tooMany: 4429,
  /** The server is shutting down (standard "service restart"): reconnect, to another instance. */
  restarting: 1012,
} as const;

/** Seconds the server waits for the auth frame, and between its pings (a peer missing two is dropped). */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;
export const LIVE_PING_INTERVAL_MS = 25_000;
