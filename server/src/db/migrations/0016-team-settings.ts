import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

/**
 * The reward rates and amounts staff set (frozen copy of jobs/team-rewards.ts REWARD_SETTING_DEFAULTS at
 * the time). Rates in basis points (1/100 of a percent), amounts in micro-units.
 */
const DEFAULTS: [string, number][] = [
  ['referral_a', 500],
  ['referral_b', 200],
  ['referral_c', 100],
  ['team_a', 300],
  ['team_b', 200],
  ['team_c', 100],
  ['signin', 100_000],
  ['register', 1_000_000],
  ['joingroup', 500_000],
  ['video', 1_000_000],
];

export const migration: VersionedMigration = {
  name: '0016_team_settings',
  // Reward settings with who changed them and why, and the team reward job's cursors (orders, income transfers).
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('reward_settings')
      .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('reward_setting_changes')
      .addColumn('id', idType, autoId)
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('old_value', 'bigint', (c) => c.notNull())
      .addColumn('new_value', 'bigint', (c) => c.notNull())
      .addColumn('changed_by', 'varchar(100)', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('team_cursors')
      .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();
    const k = db as Kysely<{
      reward_settings: { name: string; value: number; updated_at: string };
      team_cursors: { name: string; value: number };
    }>;
    const at = new Date().toISOString();
    await k.insertInto('reward_settings').values(DEFAULTS.map(([name, value]) => ({ name, value, updated_at: at }))).execute();
    await k.insertInto('team_cursors').values([{ name: 'orders', value: 0 }, { name: 'income', value: 0 }]).execute();
  },
};
