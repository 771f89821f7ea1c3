/**
 * docs/operations.md "Backups and restore", done once for real: a database migrated and seeded by the
 * server, money moved through the real routes and jobs, `pg_dump -Fc`, `pg_restore` into a fresh database,
 * and the restored copy passes the ledger check, holds the same rows and balances, needs no migration and
 * serves the same wallet to the same member. PostgreSQL only (pg_dump is a PostgreSQL tool).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { createDb, type Db } from '../src/db/connect';
import { MIGRATIONS, migrateToLatest } from '../src/db/migrations';
import { DAY_MS, runAccrual } from '../src/jobs/accrual';
import { checkLedger } from '../src/ledger/check';
import { asMember, getAs, login, MANY_MEMBERS, post, signedInMember, startApp, type TestContext, testDatabases } from './helpers';

const run = promisify(execFile);
const postgres = testDatabases().find(([name]) => name === 'postgres');

if (!postgres) {
  describe('backup and restore with pg_dump/pg_restore', () => {
    it.skip('needs PostgreSQL: run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (skipped on SQLite)', () => undefined);
  });
} else {
  describe('backup and restore with pg_dump/pg_restore on postgres', () => {
    jest.setTimeout(180_000);
    const serverUrl = process.env.DATABASE_URL!;
    const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
    const restoredName = `rigshare_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const dumpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-dump-'));
    let ctx: TestContext;
    let restored: Db | undefined;

    async function admin(text: string): Promise<void> {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    }

    /** Every table's row count and every ledger account's balance: what a restore must give back. */
    async function snapshot(db: Db): Promise<{ rows: Record<string, number>; balances: unknown[] }> {
      const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db.kysely);
      const rows: Record<string, number> = {};
      for (const { name } of tables.rows) {
        const count = await sql<{ n: string }>`SELECT COUNT(*) AS n FROM ${sql.table(name)}`.execute(db.kysely);
        rows[name] = Number(count.rows[0].n);
      }
      const balances = await db.kysely.selectFrom('ledger_accounts').select(['id', 'owner_user_id', 'kind', 'balance']).orderBy('id').execute();
      return { rows, balances };
    }

    beforeAll(async () => {
      ctx = await startApp(postgres[1], MANY_MEMBERS);
    });
    afterAll(async () => {
      if (restored) await restored.kysely.destroy();
      await ctx.close();
      await admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
      fs.rmSync(dumpDir, { recursive: true, force: true });
    });

    it('restores a dump that passes the ledger check, holds the same rows and balances, and serves the same wallet', async () => {
      // Money moves through the real code: a staff credit, a purchase through the API, a day of income.
      const member = await signedInMember(ctx, '500');
      // Two purchases: a member's first order has its first day free, the second earns from day 1.
      for (const n of [1, 2]) {
        const bought = await post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: '1', quantity: '1', requestId: `backup-${process.pid}-${n}` }, asMember(member.token));
        expect(bought.json().code).toBe(200);
      }
      ctx.advance(DAY_MS + 1000);
      expect((await runAccrual(ctx.db, ctx.clock())).paidDays).toBeGreaterThanOrEqual(1);
      const wallet = (await getAs(ctx, '/api/assets/user/balance', member.token)).json().data;
      expect(BigInt(wallet.pendingIncome)).toBeGreaterThan(0n);
      expect(await checkLedger(ctx.db.kysely)).toEqual([]);
      const before = await snapshot(ctx.db);
      expect(before.rows.ledger_transfers).toBeGreaterThan(3);

      // Back up and restore exactly as docs/operations.md says.
      const source = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(ctx.db.kysely)).rows[0].name;
      const dump = path.join(dumpDir, 'rigshare.dump');
      await run('pg_dump', ['-Fc', '--no-owner', '-f', dump, urlOf(source)]);
      expect(fs.statSync(dump).size).toBeGreaterThan(0);
      await admin(`CREATE DATABASE ${restoredName}`);
      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', urlOf(restoredName), dump]);

      restored = createDb({ databaseUrl: urlOf(restoredName), sqliteFile: '' });
      expect(await checkLedger(restored.kysely)).toEqual([]);
      expect(await snapshot(restored)).toEqual(before);

      // The server starts on it: every migration already applied, nothing left to run.
      const applied = await restored.kysely.selectFrom('kysely_migration' as never).select(sql<string>`name`.as('name')).execute();
      expect(applied.map((m) => m.name).sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());
      await migrateToLatest(restored.kysely, restored.dialect);
      expect(await snapshot(restored)).toEqual(before);
      const app = await buildApp({ db: restored, config: ctx.config, clock: ctx.clock });
      try {
        const token = await login({ ...ctx, app }, member.phone, 'Member123');
        const again = await app.inject({ method: 'GET', url: '/api/assets/user/balance', headers: asMember(token) });
        expect(again.json().data).toEqual(wallet);
      } finally {
        await app.close();
      }
    });
  });
}
