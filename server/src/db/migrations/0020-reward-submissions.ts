import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0020_reward_submissions',
  // Join-group screenshots and video-share links that staff review; a passed one earns its reward once.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('reward_submissions')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('file_id', 'varchar(64)')
      .addColumn('url', 'varchar(500)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      // "<kind>:<member>" while Pending or Passed, null once Failed (NULLs never collide): one open or passed per member and kind.
      .addColumn('open_key', 'varchar(64)', (c) => c.unique())
      .addColumn('fail_reason', 'varchar(500)')
      .addColumn('reviewed_by', 'varchar(100)')
      .addColumn('reviewed_at', 'varchar(32)')
      .addColumn('reward_id', 'integer', (c) => c.references('rewards.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reward_submissions_user_idx').on('reward_submissions').columns(['user_id', 'kind', 'id']).execute();
    await db.schema.createIndex('reward_submissions_status_idx').on('reward_submissions').columns(['status', 'id']).execute();
  },
};
