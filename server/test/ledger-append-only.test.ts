import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '../src/db/migrations';
import { checkBalances, checkLedger } from '../src/ledger/check';
import { fundPool } from '../src/ledger/operator';
import type { Db } from '../src/db/connect';
import { testDatabases, withEventsTableOfToday } from './helpers';

/** Migration 0009: the database itself refuses to rewrite or erase money, whatever code sends the SQL. */
describe.each(testDatabases())('the ledger is append-only on %s', (name, database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let transferId: number;
  beforeAll(async () => {
    ({ db, drop } = await database.open());
    await migrateToLatest(db.kysely, db.dialect);
    transferId = (await fundPool(db, { amount: '12.5', reason: 'Mining revenue for the test', at: new Date() })).id;
  });
  afterAll(async () => {
    await db.kysely.destroy();
    await drop();
  });
  afterEach(async () => {
    expect(await checkLedger(db.kysely)).toEqual([]);
  });

  const run = (query: string) => sql.raw(query).execute(db.kysely);
  /**
   * The database's answer to a statement: 'accepted' or its error message. (Not `rejects.toThrow`:
   * better-sqlite3's errors come from the realm of the first test file in a Jest worker, so in the next
   * file they are not `instanceof Error` and Jest would report a refusal as "did not throw".)
   */
  const answer = (query: string) =>
    run(query).then(
      () => 'accepted',
      (error: { message?: unknown }) => String(error.message),
    );

  it('refuses a raw UPDATE of a transfer', async () => {
    expect(await answer(`UPDATE ledger_transfers SET amount = 1 WHERE id = ${transferId}`)).toMatch(/ledger is append-only/);
    expect(await answer(`UPDATE ledger_transfers SET description = 'edited'`)).toMatch(/ledger is append-only/);
    const row = await db.kysely.selectFrom('ledger_transfers').select(['amount', 'description']).where('id', '=', transferId).executeTakeFirstOrThrow();
    expect({ amount: String(row.amount), description: row.description }).toEqual({ amount: '12500000', description: 'mining_revenue' });
  });

  it('refuses a raw DELETE of a transfer', async () => {
    expect(await answer(`DELETE FROM ledger_transfers WHERE id = ${transferId}`)).toMatch(/ledger is append-only/);
    expect(await answer('DELETE FROM ledger_transfers')).toMatch(/ledger is append-only/);
    if (name === 'postgres') expect(await answer('TRUNCATE ledger_transfers CASCADE')).toMatch(/ledger is append-only/);
    const left = await db.kysely.selectFrom('ledger_transfers').select('id').execute();
    expect(left.map((r) => r.id)).toEqual([transferId]);
  });

  it('refuses deleting an account or changing anything of it but its balance', async () => {
    expect(await answer(`DELETE FROM ledger_accounts WHERE kind = 'platform.fees'`)).toMatch(/ledger is append-only/);
    if (name === 'postgres') expect(await answer('TRUNCATE ledger_accounts CASCADE')).toMatch(/ledger is append-only/);
    expect(await answer(`UPDATE ledger_accounts SET allow_negative = 1 WHERE kind = 'platform.revenue_pool'`)).toMatch(/only the balance of a ledger_accounts row can change/);
    expect(await answer(`UPDATE ledger_accounts SET kind = 'platform.other' WHERE kind = 'platform.fees'`)).toMatch(/ledger is append-only/);
    expect(await answer(`UPDATE ledger_accounts SET owner_user_id = NULL, balance = balance WHERE kind = 'platform.fees'`)).toBe('accepted');
    const pool = await db.kysely.selectFrom('ledger_accounts').select(['allow_negative', 'balance']).where('kind', '=', 'platform.revenue_pool').executeTakeFirstOrThrow();
    expect({ allowNegative: pool.allow_negative, balance: String(pool.balance) }).toEqual({ allowNegative: 0, balance: '12500000' });
  });

  it('still lets the ledger post transfers and move balances', async () => {
    const second = await fundPool(db, { amount: '0.5', reason: 'More mining revenue', at: new Date() });
    expect(second.id).toBeGreaterThan(transferId);
    const pool = await db.kysely.selectFrom('ledger_accounts').select('balance').where('kind', '=', 'platform.revenue_pool').executeTakeFirstOrThrow();
    expect(String(pool.balance)).toBe('13000000');
  });
});

describe.each(testDatabases())('before migration 0009 on %s', (_name, database) => {
  it('a raw DELETE of a transfer went through (what 0009 closes)', async () => {
    const { db, drop } = await database.open();
    try {
      await migrateTo(db.kysely, db.dialect, '0008_exchange');
      await withEventsTableOfToday(db, () => fundPool(db, { amount: '1', reason: 'Mining revenue', at: new Date() }));
      await sql.raw('DELETE FROM ledger_transfers').execute(db.kysely);
      expect(await checkBalances(db.kysely)).toContainEqual(expect.stringMatching(/stores balance 1000000 but its transfers sum to 0/));
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });
});
