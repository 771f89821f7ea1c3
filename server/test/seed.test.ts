import fs from 'node:fs';
import path from 'node:path';
import { migrateTo } from '../src/db/migrations';
import { seedIfEmpty, seedReferenceData } from '../src/db/seed';
import { checkBalances } from '../src/ledger/check';
import { testDatabases } from './helpers';
import { dumpSeededRows } from './seed-dump';

/**
 * test/fixtures/seed-2026-01-01.json was written by the single seed function, before its split; since then only
 * the demo member's default name changed, to the one phone mask (migration 0037), and the demo member's phone
 * is stored in E.164 (+91..., migration 0050).
 */
const SNAPSHOT = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'seed-2026-01-01.json'), 'utf8'));
const NOW = new Date('2026-01-01T00:00:00.000Z');

describe.each(testDatabases())('seed data on %s', (_name, database) => {
  async function withDatabase(body: (db: Awaited<ReturnType<typeof database.open>>['db']) => Promise<void>) {
    const { db, drop } = await database.open();
    try {
      // The snapshot was taken at 0009; later migrations may add rows of their own.
      await migrateTo(db.kysely, db.dialect, '0009_ledger_append_only');
      await body(db);
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  }

  it('reference and demo data together write exactly what the single seed function wrote', () =>
    withDatabase(async (db) => {
      expect(await seedIfEmpty(db, NOW, 'https://example.invalid/app.apk')).toBe(true);
      const rows = await dumpSeededRows(db.kysely as never);
      rows.ledger_accounts = rows.ledger_accounts.map((r) => {
        const row = r as { owner_user_id: unknown };
        return row.owner_user_id === null ? { ...row, created_at: '(migration)' } : row;
      });
      expect(rows).toEqual(SNAPSHOT);
      expect(await checkBalances(db.kysely)).toEqual([]);
      expect(await seedIfEmpty(db, NOW)).toBe(false);
      expect(await dumpSeededRows(db.kysely as never)).toMatchObject({ users: SNAPSHOT.users, products: SNAPSHOT.products });
    }));

  it('reference data alone has the catalogue and content but no member and no money', () =>
    withDatabase(async (db) => {
      await seedReferenceData(db.kysely, NOW);
      const rows = await dumpSeededRows(db.kysely as never);
      for (const table of ['app_versions', 'carousel', 'notices', 'coupons', 'exchange_rates', 'pay_channels']) {
        expect([table, rows[table].length]).toEqual([table, SNAPSHOT[table].length]);
      }
      expect(rows.products.map((p) => (p as { name: string }).name)).toEqual(SNAPSHOT.products.map((p: { name: string }) => p.name));
      expect(rows.users).toEqual([]);
      expect(rows.ledger_transfers).toEqual([]);
    }));
});
