import fs from 'node:fs';
import path from 'node:path';
import { migrateTo, migrateToLatest } from '../src/db/migrations';
import { parseAmount } from '@rigshare/domain';
import { DEMO_PROMOTIONS_FUNDING, seedIfEmpty, seedReferenceData } from '../src/seed';
import { checkLedger } from '../src/ledger/check';
import { testDatabases } from './helpers';
import { dumpSeededRows } from './seed-dump';

/**
 * test/fixtures/seed-2026-01-01.json was written by the single seed function, before its split; since then
 * the demo member's default name changed, to the one phone mask (migration 0037), the demo member's phone is
 * stored in E.164 (+91..., migration 0050), and the catalogue moved from the reference data to the demo
 * (issue 54: a production start offers no product; the demo's sold units are orders its buyers place).
 */
const SNAPSHOT = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'seed-2026-01-01.json'), 'utf8'));
const NOW = new Date('2026-01-01T00:00:00.000Z');
const names = (rows: unknown[]) => rows.map((r) => (r as { name: string }).name);

describe.each(testDatabases())('seed data on %s', (_name, database) => {
  async function withDatabase(migration: string | null, body: (db: Awaited<ReturnType<typeof database.open>>['db']) => Promise<void>) {
    const { db, drop } = await database.open();
    try {
      if (migration) await migrateTo(db.kysely, db.dialect, migration);
      else await migrateToLatest(db.kysely, db.dialect);
      await body(db);
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  }

  it('seeds once when two instances start on an empty database at the same moment', () =>
    withDatabase(null, async (db) => {
      const seeded = await Promise.all([seedIfEmpty(db, NOW, '', 'demo'), seedIfEmpty(db, NOW, '', 'demo')]);
      expect(seeded.sort()).toEqual([false, true]);
    }));

  // The snapshot was taken at 0009; later migrations may add rows of their own.
  it('reference data alone is the content the single seed function wrote, and no catalogue, member or money', () =>
    withDatabase('0009_ledger_append_only', async (db) => {
      await seedReferenceData(db.kysely, NOW, { androidDownloadUrl: 'https://example.invalid/app.apk' });
      const rows = await dumpSeededRows(db.kysely as never);
      for (const table of ['app_versions', 'carousel', 'notices', 'exchange_rates', 'pay_channels']) {
        expect([table, rows[table]]).toEqual([table, SNAPSHOT[table]]);
      }
      for (const table of ['products', 'coupons', 'users', 'ledger_transfers']) expect([table, rows[table]]).toEqual([table, []]);
    }));

  it("the demo adds the demo member and the same catalogue, its sold units from its buyers' orders", () =>
    withDatabase(null, async (db) => {
      expect(await seedIfEmpty(db, NOW, 'https://example.invalid/app.apk')).toBe(true);
      const rows = await dumpSeededRows(db.kysely as never);
      expect(rows.users[0]).toEqual(SNAPSHOT.users[0]);
      expect(names(rows.products)).toEqual(names(SNAPSHOT.products));
      expect(names(rows.coupons)).toEqual(names(SNAPSHOT.coupons));
      expect(await checkLedger(db.kysely)).toEqual([]);
      expect(await seedIfEmpty(db, NOW)).toBe(false);
      expect((await dumpSeededRows(db.kysely as never)).users).toEqual(rows.users);
    }));

  it('the demo funds the promotions budget and reserves each seeded coupon from it', () =>
    withDatabase(null, async (db) => {
      expect(await seedIfEmpty(db, NOW)).toBe(true);
      const balance = async (kind: string) =>
        BigInt((await db.kysely.selectFrom('ledger_accounts').select('balance').where('kind', '=', kind).where('owner_user_id', 'is', null).executeTakeFirstOrThrow()).balance);
      const coupons = await db.kysely.selectFrom('coupons').select(['amount', 'budget']).execute();
      const reserved = coupons.reduce((sum, c) => sum + BigInt(c.budget!), 0n);
      expect(coupons.every((c) => BigInt(c.budget!) === BigInt(c.amount) * 100n)).toBe(true);
      expect(await balance('platform.rewards_reserved')).toBe(reserved);
      expect(await balance('platform.rewards_expense')).toBe(parseAmount(DEMO_PROMOTIONS_FUNDING) - reserved);
      expect(await checkLedger(db.kysely)).toEqual([]);
    }));
});
