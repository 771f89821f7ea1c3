import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { MigrationKit, VersionedMigration } from './kit';

/** Frozen copies of what this migration needs (kit.ts: no live constants). */
const RESERVED = 'platform.rewards_reserved';
const PROMOTIONS = 'platform.rewards_expense';
const FUNDING = 'platform.rewards_funding';
const GUARD = 'ledger_accounts_fixed_columns';

type Amount = string | number | bigint;

/**
 * Every promotion is paid from money staff funded (docs/ledger.md, "Promotions budget"):
 * - platform.rewards_expense, the promotions budget, may no longer go negative. What it paid before
 *   (coupons, free first days, exchange codes) is covered from platform.rewards_funding, the operator's
 *   own money, with a transfer that says so, so that its balance starts at zero;
 * - platform.rewards_reserved (never negative) holds what exchange codes and coupons reserve when they
 *   are created, until members redeem it or the code or coupon ends and returns the rest;
 * - coupons.released_at: when a withdrawn or ended coupon returned what it had not paid. A coupon
 *   without a budget (no limit, before now) gets the budget of the members who took it, and the open
 *   codes and coupons get their reservation, covered from rewards funding like the past payments.
 * The guard of migration 0009 refuses any change of allow_negative; it is lifted for this one update.
 */
export const migration: VersionedMigration = {
  name: '0048_funded_promotions',
  async up(db: Kysely<unknown>, { dialect }: MigrationKit) {
    const k = db as Kysely<Database>;
    const now = new Date().toISOString();
    await k
      .insertInto('ledger_accounts')
      .values({ owner_user_id: null, kind: RESERVED, allow_negative: 0, balance: 0, created_at: now })
      .execute();
    await withoutAccountGuard(db, dialect, () =>
      k.updateTable('ledger_accounts').set({ allow_negative: 0 }).where('kind', '=', PROMOTIONS).where('owner_user_id', 'is', null).execute(),
    );

    await db.schema.alterTable('coupons').addColumn('released_at', 'varchar(40)').execute();
    await sql`UPDATE coupons SET budget = claimed * amount WHERE budget IS NULL`.execute(db);
    await sql`UPDATE coupons SET released_at = ${now} WHERE active = 0 OR end_time <= ${now}`.execute(db);

    const accounts = await k.selectFrom('ledger_accounts').select(['id', 'kind', 'balance']).where('owner_user_id', 'is', null).execute();
    const account = (kind: string) => accounts.find((a) => a.kind === kind)!;
    const deficit = -BigInt(account(PROMOTIONS).balance as Amount);
    const reservations = await sql<{ total: Amount | null }>`
      SELECT (SELECT COALESCE(SUM(remaining), 0) FROM exchange_codes WHERE status = 'Open') +
             (SELECT COALESCE(SUM(c.budget - c.amount * (SELECT COUNT(*) FROM user_coupons u WHERE u.coupon_id = c.id AND u.used_at IS NOT NULL)), 0)
              FROM coupons c WHERE c.released_at IS NULL) AS total`.execute(db);
    const reserved = BigInt(reservations.rows[0]?.total ?? 0);
    const reason = 'Promotions paid or promised before budgets were funded (migration 0048), covered by the operator';
    if (deficit > 0n) await post(k, { key: 'migration-0048:promotions-paid', debit: account(FUNDING).id, credit: account(PROMOTIONS).id, amount: deficit, reason, at: now });
    if (reserved > 0n) await post(k, { key: 'migration-0048:reservations', debit: account(FUNDING).id, credit: account(RESERVED).id, amount: reserved, reason, at: now });
  },
};

/** Runs `change` with the fixed-columns guard off: SQLite drops and recreates the trigger from its own SQL. */
async function withoutAccountGuard(db: Kysely<unknown>, dialect: string, change: () => Promise<unknown>): Promise<void> {
  if (dialect === 'postgres') {
    await sql.raw(`ALTER TABLE ledger_accounts DISABLE TRIGGER ${GUARD}`).execute(db);
    await change();
    await sql.raw(`ALTER TABLE ledger_accounts ENABLE TRIGGER ${GUARD}`).execute(db);
    return;
  }
  const trigger = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ${GUARD}`.execute(db);
  await sql.raw(`DROP TRIGGER ${GUARD}`).execute(db);
  await change();
  await sql.raw(trigger.rows[0]!.sql).execute(db);
}

/** One funding transfer, written as the ledger writes it (ledger.ts `fingerprint`), with both balances. */
async function post(k: Kysely<Database>, t: { key: string; debit: number; credit: number; amount: bigint; reason: string; at: string }): Promise<void> {
  const type = 'Rewards Budget';
  await k
    .insertInto('ledger_transfers')
    .values({
      idempotency_key: t.key,
      operation_key: t.key,
      debit_account_id: t.debit,
      credit_account_id: t.credit,
      amount: t.amount,
      type,
      description: 'rewards_budget',
      reason: t.reason,
      fingerprint: `${t.debit}>${t.credit}:${t.amount}:${type}`,
      created_at: t.at,
    })
    .execute();
  await k.updateTable('ledger_accounts').set((eb) => ({ balance: eb('balance', '-', t.amount) })).where('id', '=', t.debit).execute();
  await k.updateTable('ledger_accounts').set((eb) => ({ balance: eb('balance', '+', t.amount) })).where('id', '=', t.credit).execute();
}
