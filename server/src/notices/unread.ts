import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordUnreadCounts } from '../events';

/**
 * Each member's unread message count (table unread_counts), changed in the transaction that adds or reads
 * their messages, and told to their open screens as a `messages` event with the same commit. Telling a
 * member costs one row whatever the number of messages they hold: the member at the top of a large team is
 * told of every purchase below them.
 */

type Db = Kysely<Database>;

/** One more unread message for each time a member appears in `userIds`; returns each member's new count. */
export async function addUnread(db: Db, userIds: readonly number[], at: Date): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const added = new Map<number, number>();
  for (const id of userIds) added.set(id, (added.get(id) ?? 0) + 1);
  // In member order, so two transactions adding to the same members lock their rows in the same order.
  const rows = [...added].sort(([a], [b]) => a - b).map(([user_id, unread]) => ({ user_id, unread }));
  const counted = await db
    .insertInto('unread_counts')
    .values(rows)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ unread: sql`unread_counts.unread + excluded.unread` }))
    .returning(['user_id', 'unread'])
    .execute();
  const counts = new Map(counted.map((row) => [Number(row.user_id), Number(row.unread)]));
  await recordUnreadCounts(db, counts, at);
  return counts;
}

/** One more unread message for every member (a message to all). */
export async function addUnreadForAll(db: Db, at: Date): Promise<void> {
  // `WHERE true` keeps SQLite from reading ON CONFLICT as the SELECT's join constraint.
  await sql`INSERT INTO unread_counts (user_id, unread) SELECT id, 1 FROM users WHERE true
    ON CONFLICT (user_id) DO UPDATE SET unread = unread_counts.unread + 1`.execute(db);
  await recordUnreadCounts(db, 'all', at);
}

/** `read` fewer unread messages for the member (they read them); returns the count left. */
export async function takeUnread(db: Db, userId: number, read: number, at: Date): Promise<number> {
  const row = await db
    .updateTable('unread_counts')
    .set({ unread: sql`CASE WHEN unread > ${read} THEN unread - ${read} ELSE 0 END` })
    .where('user_id', '=', userId)
    .returning('unread')
    .executeTakeFirst();
  const unread = Number(row?.unread ?? 0);
  await recordUnreadCounts(db, new Map([[userId, unread]]), at);
  return unread;
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('unread_counts').select('unread').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.unread ?? 0);
}
