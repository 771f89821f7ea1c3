import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { createDb } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrations';
import { seedIfEmpty } from '../src/db/seed';

const run = promisify(execFile);
const SERVER = path.resolve(__dirname, '..');

/** The operator command against a real SQLite file, as `npm run admin -- ...` runs it. */
async function admin(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const { stdout, stderr } = await run(process.execPath, [require.resolve('tsx/cli'), 'src/cli/admin.ts', ...args], { cwd: SERVER, env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run admin (SQLite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-admin-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('credits with a reason, checks the ledger, and names a broken invariant', async () => {
    const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'rigshare.sqlite') });
    await migrateToLatest(db.kysely, db.dialect);
    await seedIfEmpty(db, new Date());
    await db.kysely.destroy();

    expect(await admin(dir, 'ledger:check')).toEqual({ code: 0, out: 'ledger ok\n' });
    const noReason = await admin(dir, 'credit', '9000000001', '5');
    expect(noReason.code).toBe(1);
    expect(noReason.out).toContain('reason');
    const credit = await admin(dir, 'credit', '9000000001', '12.5', '--reason', 'Refund of a failed deposit');
    expect(credit.code).toBe(0);
    expect(credit.out).toMatch(/credited 12\.50 USDT/);
    const debit = await admin(dir, 'debit', '9000000001', '5000', '--reason', 'Too much');
    expect(debit.code).toBe(1);
    expect(debit.out).toContain('below zero');
    const accrue = await admin(dir, 'jobs:accrue', '--at', new Date(Date.now() + 86_400_000).toISOString());
    expect(accrue.out).toMatch(/^accrual run \d+:/);

    const raw = new SQLite(path.join(dir, 'rigshare.sqlite'));
    raw.prepare("UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'member.available'").run();
    raw.close();
    const broken = await admin(dir, 'ledger:check');
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('balances sum to');
    expect(broken.out).toMatch(/member\.available\) stores balance/);
  });
});
