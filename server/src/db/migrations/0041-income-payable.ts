import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { VersionedMigration } from './kit';

/** The income payable account (frozen copy of ledger/accounts.ts INCOME_PLATFORM_ACCOUNTS at the time). */
const INCOME_PLATFORM_ACCOUNTS = [{ kind: 'platform.income_payable', allowNegative: false }] as const;

/**
 * Daily income is paid into one platform account a run instead of one transfer and one balance per
 * member (docs/ledger.md, "Daily income: one transfer a run"):
 * - platform.income_payable holds what the job paid and members have not taken out yet; it never goes
 *   below zero;
 * - income_accruals.payable = 1 marks a day paid into it (the days paid before this migration went to
 *   the member's own pending-income account and keep 0, as do the free first days);
 * - income_accruals.takeout_request_id names the takeout (unique per member with its request id) that
 *   moved the day to the member; until then the day is owed, and the partial index finds a member's owed
 *   days without reading their history;
 * - team_cursors 'income_runs': how far Team Benefits have been granted from such days (by run).
 */
export const migration: VersionedMigration = {
  name: '0041_income_payable',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('income_accruals').addColumn('payable', 'smallint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('income_accruals').addColumn('takeout_request_id', 'varchar(64)').execute();
    await db.schema
      .createIndex('income_accruals_owed_idx')
      .on('income_accruals')
      .column('user_id')
      .where(sql<boolean>`payable = 1 AND takeout_request_id IS NULL`)
      .execute();

    const k = db as Kysely<Database>;
    for (const account of INCOME_PLATFORM_ACCOUNTS) {
      await k
        .insertInto('ledger_accounts')
        .values({ owner_user_id: null, kind: account.kind, allow_negative: account.allowNegative ? 1 : 0, balance: 0, created_at: new Date().toISOString() })
        .execute();
    }
    await k.insertInto('team_cursors').values({ name: 'income_runs', value: 0 }).execute();
  },
};
