import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Who acts: a staff login (or the operator on the command line), the role, the address it came from. */
export interface AuditActor {
  actor: string;
  actorRole?: string | null;
  /** The client's IP address; null on the command line. */
  sourceAddress?: string | null;
}

/** Who acts, as every staff service takes it: the name written as actor, and in the console the role and address. */
export interface ActedBy {
  by: string;
  actorRole?: string | null;
  sourceAddress?: string | null;
}

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

export type AuditInput = AuditActor & AuditEntry;

/** Who acts and when: what every audited staff service takes beside its own input. */
export type Acting = ActedBy & { at: Date };

const cut = (text: string | null | undefined, max: number) => (text == null ? null : text.slice(0, max));

/**
 * One append-only row of the staff audit log: who (in which role, from which address) did what to which
 * target and member, the state before and after, the reason, when. Triggers refuse UPDATE and DELETE (0022).
 */
export async function writeAudit(db: Kysely<Database>, row: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor: cut(row.actor, 100)!,
      actor_role: row.actorRole ?? null,
      action: row.action,
      target: row.target,
      details: cut(row.details, 2000),
      member_id: row.memberId ?? null,
      before_state: cut(row.before, 2000),
      after_state: cut(row.after, 2000),
      reason: cut(row.reason, 500),
      source_address: cut(row.sourceAddress, 64),
      created_at: row.at.toISOString(),
    })
    .execute();
}

/** The audit row of a staff action: who acted, as the service was told, and what they did. */
export function auditStaffAction(db: Kysely<Database>, actedBy: ActedBy, entry: AuditEntry): Promise<void> {
  return writeAudit(db, { actor: actedBy.by, actorRole: actedBy.actorRole, sourceAddress: actedBy.sourceAddress, ...entry });
}
