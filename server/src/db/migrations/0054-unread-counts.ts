import { sql, type Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

/**
 * Each member's unread message count, kept beside their messages (src/notices/unread.ts) so that telling a
 * member of a new message costs one row's update, not a count of all their messages: the member at the top
 * of a large team is told of every purchase below them (docs/performance.md, "Referral payout").
 * Filled from the messages already stored.
 */
export const migration: VersionedMigration = {
  name: '0054_unread_counts',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('unread_counts')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
      .addColumn('unread', 'integer', (c) => c.notNull().check(sql`unread >= 0`))
      .execute();
    await sql`INSERT INTO unread_counts (user_id, unread)
      SELECT user_id, COUNT(*) FROM push_messages WHERE is_read = 0 GROUP BY user_id`.execute(db);
  },
};
