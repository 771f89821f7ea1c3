import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { mayReceive, type Caller, type EventRow } from './audience';

/** More missed events than this and the client refetches instead (a staff console away for hours). */
const REPLAY_MAX = 1000;

export type Replay = { kind: 'events'; rows: EventRow[]; lastId: number } | { kind: 'resync'; lastId: number };

/**
 * What a caller missed after `since`, in id order, or resync when `since` is older than the events kept
 * (pruned), newer than any (another database) or the gap is too long to replay. `since` null: a fresh
 * start, nothing to replay.
 */
export async function missedEvents(db: Kysely<Database>, caller: Caller, since: number | null): Promise<Replay> {
  const bounds = await db.selectFrom('events').select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')]).executeTakeFirstOrThrow();
  const first = bounds.first === null ? null : Number(bounds.first);
  const lastId = bounds.last === null ? 0 : Number(bounds.last);
  if (since === null) return { kind: 'events', rows: [], lastId };
  // Pruning always keeps the newest row, so `first` tells what is gone.
  if (since > lastId || (first !== null && since < first - 1)) return { kind: 'resync', lastId };
  const own = caller.memberId === null ? sql`FALSE` : sql`(audience = 'member' AND member_id = ${caller.memberId})`;
  const staff = caller.staffRole === null ? sql`FALSE` : sql`audience = 'staff'`;
  const rows = await sql<EventRow>`SELECT id, audience, member_id, topic, data FROM events
    WHERE id > ${since} AND id <= ${lastId} AND (audience = 'public' OR ${own} OR ${staff})
    ORDER BY id LIMIT ${REPLAY_MAX + 1}`.execute(db);
  if (rows.rows.length > REPLAY_MAX) return { kind: 'resync', lastId };
  return { kind: 'events', rows: rows.rows.map((r) => ({ ...r, id: Number(r.id) })).filter((r) => mayReceive(caller, r)), lastId };
}

/** Drops events older than the cutoff, always keeping the newest (the replay tells pruned from never written by it). */
export async function pruneEvents(db: Kysely<Database>, olderThan: Date): Promise<number> {
  const result = await sql`DELETE FROM events WHERE created_at < ${olderThan.toISOString()} AND id < (SELECT MAX(id) FROM events)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
