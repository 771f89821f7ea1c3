import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordQueueChange, type StaffQueue } from '../events';

/** Who acts, as every staff service takes it: the name written as actor, and in the console the role and address. */
export interface ActedBy {
  by: string;
  actorRole?: string | null;
  /** The client's IP address; null on the command line. */
  sourceAddress?: string | null;
}

/** Who acts and when: what every audited staff service takes beside its own input. */
export type Acting = ActedBy & { at: Date };

/** What a staff member did: the audit row but for who did it. */
export interface AuditEntry {
  action: string;
  target: string;
  details?: string | null;
  /** The member the action concerned. */
  memberId?: number | null;
  before?: string | null;
  after?: string | null;
  reason?: string | null;
  at: Date;
}

const cut = (text: string | null | undefined, max: number) => (text == null ? null : text.slice(0, max));

/**
 * One append-only row of the staff audit log: who (in which role, from which address) did what to which
 * target and member, the state before and after, the reason, when. Triggers refuse UPDATE and DELETE (0022).
 */
export async function auditStaffAction(db: Kysely<Database>, actedBy: ActedBy, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor: cut(actedBy.by, 100)!,
      actor_role: actedBy.actorRole ?? null,
      action: entry.action,
      target: entry.target,
      details: cut(entry.details, 2000),
      member_id: entry.memberId ?? null,
      before_state: cut(entry.before, 2000),
      after_state: cut(entry.after, 2000),
      reason: cut(entry.reason, 500),
      source_address: cut(actedBy.sourceAddress, 64),
      created_at: entry.at.toISOString(),
    })
    .execute();
}

/** The audit target's noun for an item of each staff queue (a first or second approval is a withdrawal's). */
const TARGET_OF_QUEUE: Record<StaffQueue, string> = {
  recharges: 'recharge',
  withdrawals: 'withdrawal',
  approvals: 'withdrawal',
  posts: 'post',
  submissions: 'submission',
  feedback: 'feedback',
};

/** A staff member's decision on an item of a console queue; the audit target is the item. */
export type QueueDecision = Omit<AuditEntry, 'target'> & { queue: StaffQueue; id: number };

/**
 * A staff decision on a queue item, in the caller's transaction: the item leaves its queue on every
 * console (a live event) and the audit keeps who decided what.
 */
export async function auditQueueDecision(db: Kysely<Database>, actedBy: ActedBy, { queue, id, ...entry }: QueueDecision): Promise<void> {
  await recordQueueChange(db, { queue, id, change: 'decided' }, entry.at);
  await auditStaffAction(db, actedBy, { ...entry, target: `${TARGET_OF_QUEUE[queue]}:${id}` });
}
