import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0017_sign_ins',
  // Daily sign-in: one row per member per calendar day of the member's time zone (fixed at the first sign-in).
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('sign_ins')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('reward_id', 'integer', (c) => c.references('rewards.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('sign_ins_user_day_key', ['user_id', 'day'])
      .execute();
    await db.schema
      .createTable('member_time_zones')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
