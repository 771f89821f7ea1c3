import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0053_live_events',
  // What the live channel pushes (docs/architecture.md, "Live channel"): one row per event, written in
  // the transaction of the change it reports, read by id after commit and kept for a bounded time so a
  // client that reconnects receives what it missed. audience: 'member' (member_id's), 'staff' (the
  // roles that may see data.queue), 'public', or 'session' (a member's sessions ended: closes channels,
  // never sent as an event).
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('events')
      .addColumn('id', idType, autoId)
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('member_id', 'integer')
      .addColumn('topic', 'varchar(32)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('events_member_idx').on('events').columns(['member_id', 'id']).execute();
    await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
  },
};
