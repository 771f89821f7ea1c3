import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0010_push_messages',
  // A member's messages (features/messages): a translation key and its parameters, rendered in the
  // reader's language when read, or a text written by staff, shown as written.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('push_messages')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('title_key', 'varchar(64)')
      .addColumn('body_key', 'varchar(64)')
      .addColumn('params', 'varchar(2000)')
      .addColumn('title_text', 'varchar(200)')
      .addColumn('body_text', 'varchar(4000)')
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_messages_user_idx').on('push_messages').columns(['user_id', 'id']).execute();
  },
};
