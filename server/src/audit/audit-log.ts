import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One append-only row of the staff audit log: who (and in which role) did what to which target, when. */
export async function writeAudit(
  db: Kysely<Database>,
  row: { actor: string; actorRole?: string | null; action: string; target: string; details?: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor: row.actor,
      actor_role: row.actorRole ?? null,
      action: row.action,
      target: row.target,
      details: row.details ?? null,
      created_at: row.at.toISOString(),
    })
    .execute();
}
