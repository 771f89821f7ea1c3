import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { VersionedMigration } from './kit';

/** The rewards payable account (frozen copy of ledger/accounts.ts REWARDS_PAYABLE_ACCOUNTS at the time). */
const REWARDS_PAYABLE_ACCOUNTS = [{ kind: 'platform.rewards_payable', allowNegative: false }] as const;

/**
 * Rewards are paid into one platform account a payout instead of one transfer and one balance update per
 * reward (docs/ledger.md, "Rewards: one transfer a payout"):
 * - platform.rewards_payable holds the rewards paid and not yet collected into their members' available
 *   balances; it never goes below zero;
 * - rewards.paid_run_id names the payout (a job_runs row) whose transfer rewards-run:<run> paid the reward
 *   into it (rewards paid before this migration keep their own transfer, transfer_id, and null here);
 * - rewards.collect_key is the key of the transfer that moved the reward from rewards payable to the
 *   member's available balance, which happens before anything is taken from that balance; until then the
 *   reward is owed, and the partial index finds a member's owed rewards without reading their history.
 */
export const migration: VersionedMigration = {
  name: '0055_rewards_payable',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('rewards').addColumn('paid_run_id', 'integer').execute();
    await db.schema.alterTable('rewards').addColumn('collect_key', 'varchar(80)').execute();
    await db.schema
      .createIndex('rewards_owed_idx')
      .on('rewards')
      .column('user_id')
      .where(sql<boolean>`paid_run_id IS NOT NULL AND collect_key IS NULL`)
      .execute();

    const k = db as Kysely<Database>;
    for (const account of REWARDS_PAYABLE_ACCOUNTS) {
      await k
        .insertInto('ledger_accounts')
        .values({ owner_user_id: null, kind: account.kind, allow_negative: account.allowNegative ? 1 : 0, balance: 0, created_at: new Date().toISOString() })
        .execute();
    }
  },
};
