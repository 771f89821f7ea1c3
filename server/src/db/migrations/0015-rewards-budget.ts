import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { MigrationKit, VersionedMigration } from './kit';

/**
 * The rewards budget (frozen copy of ledger/accounts.ts TEAM_PLATFORM_ACCOUNTS at the time):
 * staff fund platform.rewards_budget from platform.rewards_funding (the source, like mining revenue
 * for the revenue pool); every team reward is paid from the budget, which never goes below zero.
 */
const TEAM_PLATFORM_ACCOUNTS = [
  { kind: 'platform.rewards_funding', allowNegative: true },
  { kind: 'platform.rewards_budget', allowNegative: false },
] as const;

export const migration: VersionedMigration = {
  name: '0015_rewards_budget',
  // Rewards owed to members: one row per reward (unique source key), Pending until the budget pays it.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('rewards')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('source_key', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('status', 'varchar(8)', (c) => c.notNull())
      .addColumn('from_user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('level', 'varchar(1)')
      .addColumn('transfer_id', 'integer', (c) => c.references('ledger_transfers.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('paid_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('rewards_status_idx').on('rewards').columns(['status', 'id']).execute();
    await db.schema.createIndex('rewards_user_idx').on('rewards').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('rewards_from_user_idx').on('rewards').columns(['user_id', 'from_user_id']).execute();

    const k = db as Kysely<Database>;
    for (const account of TEAM_PLATFORM_ACCOUNTS) {
      await k
        .insertInto('ledger_accounts')
        .values({ owner_user_id: null, kind: account.kind, allow_negative: account.allowNegative ? 1 : 0, balance: 0, created_at: new Date().toISOString() })
        .execute();
    }
  },
};
