import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0019_feedback',
  // A member's feedback (features/messages): the text, an optional phone, an optional image stored as
  // a file under DATA_DIR/feedback (name and sniffed type here), and staff's reply when there is one.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('feedback')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('content', 'varchar(2000)', (c) => c.notNull())
      .addColumn('phone', 'varchar(32)')
      .addColumn('attachment', 'varchar(100)')
      .addColumn('attachment_type', 'varchar(32)')
      .addColumn('attachment_size', 'integer')
      .addColumn('reply', 'varchar(2000)')
      .addColumn('replied_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('feedback_user_idx').on('feedback').columns(['user_id', 'id']).execute();
  },
};
