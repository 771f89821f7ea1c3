import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { MIGRATIONS, migrateTo, migrateToLatest } from '../src/db/migrations';
import { dumpSchema } from './schema-dump';
import { testDatabases } from './helpers';

/**
 * test/fixtures/schema-0008.json was written from the single-file migrations (before they were split one
 * file per migration): the split must produce the very same tables, columns, indexes, constraints and
 * seeded rows, and keep every released name (a renamed migration would run again on existing databases).
 */
const SNAPSHOT = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'schema-0008.json'), 'utf8'));

const RELEASED = [
  '0001_accounts',
  '0002_system_and_products',
  '0003_localized_content',
  '0004_ledger_orders_income',
  '0005_job_runs_order_mark',
  '0006_wallet',
  '0007_chain_deposits',
  '0008_exchange',
];

it('keeps the released migration names, in order, and only appends new ones', () => {
  const names = MIGRATIONS.map((m) => m.name);
  expect(names.slice(0, RELEASED.length)).toEqual(RELEASED);
  expect([...names].sort()).toEqual(names);
  expect(new Set(names).size).toBe(names.length);
});

describe.each(testDatabases())('migrations on %s', (name, database) => {
  it('build exactly the schema of the single-file migrations up to 0008', async () => {
    const { db, drop } = await database.open();
    try {
      await migrateTo(db.kysely, db.dialect, '0008_exchange');
      expect(await dumpSchema(db.kysely as never, db.dialect)).toEqual(SNAPSHOT[name]);
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });

  it('give members still named by the former default mask the one mask every screen uses, and leave chosen names', async () => {
    const { db, drop } = await database.open();
    try {
      await migrateTo(db.kysely, db.dialect, '0036_account_guard_columns');
      const member = (id: number, phone: string, name: string) =>
        sql`INSERT INTO users (id, phone, password_hash, name, invite_code, created_at) VALUES (${id}, ${phone}, 'x', ${name}, ${`CODE${id}`}, '2026-11-01T00:00:00.000Z')`.execute(db.kysely);
      await member(1, '9876543210', '98****3210'); // the former default
      await member(2, '9000000001', 'Asha'); // chosen
      await member(3, '9000000002', '98****3210'); // chosen, masked-looking, not their own default
      await member(4, '1234567', '12*4567'); // the former default of a 7-digit number
      await migrateToLatest(db.kysely, db.dialect);
      const names = await sql<{ id: number; name: string }>`SELECT id, name FROM users ORDER BY id`.execute(db.kysely);
      expect(names.rows.map((r) => [Number(r.id), r.name])).toEqual([
        [1, '987****10'],
        [2, 'Asha'],
        [3, '98****3210'],
        [4, '12****7'],
      ]);
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });

  it('run nothing again on a database migrated before', async () => {
    const { db, drop, reopen } = await database.open();
    try {
      await migrateToLatest(db.kysely, db.dialect);
      const before = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name`.execute(db.kysely);
      const again = reopen();
      await migrateToLatest(again.kysely, again.dialect);
      const after = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name`.execute(again.kysely);
      await again.kysely.destroy();
      expect(after.rows).toEqual(before.rows);
      expect(before.rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });
});
