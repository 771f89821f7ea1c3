import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { createDb } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrations';
import { seedIfEmpty } from '../src/seed';
import { loadConfig } from '../src/config';
import { ProfileCache } from '../src/caches/profile-cache';
import { CatalogueCache } from '../src/caches/catalogue-cache';
import { SessionCache } from '../src/caches/session-cache';
import { saveAddress } from '../src/features/wallet/bindings';
import { createCashDeposit } from '../src/features/wallet/deposits';
import { createWithdrawal } from '../src/features/wallet/withdrawals/member';
import { MemoryCounters } from '../src/security/counters';
import { hashPassword } from '../src/security/password';
import { OutboxEmailSender } from '../src/email/email-sender';
import { OutboxSmsSender } from '../src/sms/sms-sender';
import { LocalFileStorage } from '../src/storage/file-storage';
import { runAdmin, seededDataDir } from './helpers';

/** The operator command against a real SQLite file, as `npm run admin -- ...` runs it. */
const admin = (dataDir: string, ...args: string[]) => runAdmin(dataDir, args);

// Every call starts a fresh process (the built CLI under node), as an operator's does: a second each,
// many more when CI builds in parallel, so these tests get more time than jest's default.
jest.setTimeout(180_000);

describe('npm run admin (SQLite)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await seededDataDir('rigshare-admin-');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('credits with a reason, checks the ledger, and names a broken invariant', async () => {
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

  it('refuses an unknown option before anything runs, and explains every command with --help', async () => {
    const typo = await admin(dir, 'credit', '9000000001', '7', '--reason', 'Refund', '--amonut', '70');
    expect(typo.code).toBe(2);
    expect(typo.out).toContain("Unknown option '--amonut'");
    expect(typo.out).toContain('admin credit <phone> <amount> --reason "..."');
    const extra = await admin(dir, 'pool:fund', '5', '6', '--reason', 'Revenue');
    expect(extra).toMatchObject({ code: 2, out: expect.stringContaining('pool:fund takes 1 argument(s), got 2') });
    const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'rigshare.sqlite') });
    const refunds = await db.kysely.selectFrom('ledger_transfers').select('id').where('reason', '=', 'Refund').execute();
    await db.kysely.destroy();
    expect(refunds).toEqual([]);

    const all = await admin(dir, '--help');
    expect(all.code).toBe(0);
    for (const name of ['credit', 'debit', 'pool:fund', 'jobs:accrue', 'ledger:check', 'withdraw:approve', 'deposit:confirm', 'chain:scan', 'exchange:create']) {
      expect(all.out).toContain(`admin ${name}`);
    }
    expect(await admin(dir, 'withdraw:approve', '--help')).toEqual({
      code: 0,
      out:
        'usage:\n  admin withdraw:approve <id> --tx <hash> | --ref <reference> --by <staff login>\n' +
        'Approves a pending withdrawal (USDT: the tx hash; bank: the reference) as a finance or admin staff member; ' +
        'above FOUR_EYES_THRESHOLD_USDT a second, different one must approve too, and that approval pays it\n',
    });
    expect(await admin(dir, 'refund', '1')).toMatchObject({ code: 2, out: expect.stringContaining('Unknown command: refund') });
  });

  it('lists, approves and rejects withdrawals and confirms deposits once', async () => {
    const wdir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-admin-wallet-'));
    try {
      const db = createDb({ databaseUrl: null, sqliteFile: path.join(wdir, 'rigshare.sqlite') });
      await migrateToLatest(db.kysely, db.dialect);
      await seedIfEmpty(db, new Date());
      const clock = () => new Date();
      const deps = { db, config: loadConfig({}), clock, sms: new OutboxSmsSender(db.kysely, clock), email: new OutboxEmailSender(db.kysely, clock), counters: new MemoryCounters(), sessionCache: new SessionCache(0), profileCache: new ProfileCache(0), catalogueCache: new CatalogueCache(0), log: Fastify().log, storage: new LocalFileStorage(path.join(wdir, 'files')) };
      const demo = await db.kysely.selectFrom('users').select('id').where('phone', '=', '+919000000001').executeTakeFirstOrThrow();
      const longAgo = new Date(Date.now() - 48 * 3_600_000);
      const address = '0x52908400098527886E0F7030069857D2E4169EE7';
      await saveAddress(db, demo.id, { currency: 'USDT', chain: 'BEP20', address, replace: false }, longAgo);
      await db.kysely
        .updateTable('users')
        .set({ pay_password_hash: await hashPassword('123456'), withdraw_hold_from: longAgo.toISOString() })
        .where('id', '=', demo.id)
        .execute();
      const w1 = await createWithdrawal(deps, demo.id, { channel: 'USDT', amount: '100', payPassword: '123456', requestId: 'cli-withdraw-1' });
      const w2 = await createWithdrawal(deps, demo.id, { channel: 'USDT', amount: '50', payPassword: '123456', requestId: 'cli-withdraw-2' });
      const channel = await db.kysely.selectFrom('pay_channels').select('id').orderBy('id').executeTakeFirstOrThrow();
      const d = await createCashDeposit(deps, demo.id, { bankId: String(channel.id), amount: '832', reference: 'UTR0001', requestId: 'cli-deposit-1' });
      await db.kysely.destroy();

      const list = await admin(wdir, 'withdraw:list');
      expect(list.out).toContain(`#${w1.id} `);
      expect(list.out).toContain(`pay 95.00 USDT to BEP20 ${address}`);
      // Staff accounts of the console act on the command line too (--by), under the same four-eyes rule.
      for (const [login, role] of [['cashier', 'finance'], ['cashier2', 'finance'], ['reader', 'support']]) {
        const created = await runAdmin(wdir, ['staff:create', login, '--role', role], { STAFF_PASSWORD: 'a-long-staff-password' });
        expect(created).toMatchObject({ code: 0, out: expect.stringContaining(`otpauth://totp/Rigshare%20staff:${login}?secret=`) });
      }
      expect((await runAdmin(wdir, ['staff:create', 'weak', '--role', 'finance'], { STAFF_PASSWORD: 'short' })).code).toBe(1);
      const tx = '0x' + 'cd'.repeat(32);
      const fourEyes = { FOUR_EYES_THRESHOLD_USDT: '50' };
      const approve = (...args: string[]) => runAdmin(wdir, ['withdraw:approve', String(w1.id), ...args], fourEyes);
      expect(await approve('--tx', tx)).toEqual({ code: 1, out: 'Say which staff member acts: --by <staff login>\n' });
      expect(await approve('--tx', tx, '--by', 'reader')).toEqual({ code: 1, out: 'reader is support; this needs finance or admin\n' });
      expect((await approve('--by', 'cashier')).code).toBe(1);
      expect(await approve('--tx', tx, '--by', 'cashier')).toEqual({
        code: 0,
        out: `withdrawal #${w1.id}: approval 1 of 2 recorded (cashier); a different finance staff member must approve to pay it\n`,
      });
      expect(await approve('--tx', tx, '--by', 'cashier')).toMatchObject({ code: 1, out: expect.stringContaining('already approved by cashier') });
      const approved = await approve('--by', 'cashier2');
      expect(approved).toEqual({ code: 0, out: `withdrawal #${w1.id} Succeeded: 95.00 USDT paid, fee 5.00\n` });
      const rejected = await admin(wdir, 'withdraw:reject', String(w2.id), '--reason', 'Address flagged');
      expect(rejected).toEqual({ code: 0, out: `withdrawal #${w2.id} Failed: 50.00 USDT returned to the member\n` });
      expect((await admin(wdir, 'withdraw:list')).out).toBe('no pending withdrawals\n');

      expect((await admin(wdir, 'deposit:list')).out).toContain(`#${d.id} `);
      expect(await admin(wdir, 'deposit:confirm', String(d.id))).toEqual({ code: 0, out: `deposit #${d.id} Arrived: 10.00 USDT credited\n` });
      expect(await admin(wdir, 'deposit:confirm', String(d.id))).toEqual({ code: 0, out: `deposit #${d.id} was already confirmed, nothing changed\n` });
      expect((await admin(wdir, 'deposit:reject', String(d.id), '--reason', 'Late')).code).toBe(1);
      expect(await admin(wdir, 'ledger:check')).toEqual({ code: 0, out: 'ledger ok\n' });

      const check = createDb({ databaseUrl: null, sqliteFile: path.join(wdir, 'rigshare.sqlite') });
      const accounts = await check.kysely.selectFrom('ledger_accounts').select(['kind', 'balance']).where('owner_user_id', '=', demo.id).execute();
      await check.kysely.destroy();
      const byKind = Object.fromEntries(accounts.map((a) => [a.kind, BigInt(a.balance)]));
      expect(byKind['member.available']).toBe(910_000_000n);
      expect(byKind['member.held']).toBe(0n);
    } finally {
      fs.rmSync(wdir, { recursive: true, force: true });
    }
  });

  it('runs the catalogue from the command line through the same services as the console: products, rates, coupons, channels, releases, links', async () => {
    const day = 86_400_000;
    const created = await admin(dir, 'product:create', '--name', 'CLI rig', '--category', 'SHA-256', '--image', '/api/user/static/product-s19.svg',
      '--start', new Date(Date.now() - day).toISOString(), '--end', new Date(Date.now() + 30 * day).toISOString(), '--price', '40', '--day-return', '1.2', '--valid-days', '30', '--units', '50', '--by', 'ops-alice');
    expect(created.code).toBe(0);
    const id = /created #(\d+) CLI rig/.exec(created.out)?.[1];
    expect(id).toBeDefined();
    expect((await admin(dir, 'product:edit', id!, '--price', '45')).out).toContain('45.00 USDT');
    expect((await admin(dir, 'product:close', id!)).code).toBe(1);
    expect((await admin(dir, 'product:close', id!, '--reason', 'Test over')).out).toContain('closed #');
    expect((await admin(dir, 'rate:set', 'INR', '85.10', '--by', 'ops-alice')).out).toContain('INR 85.10 per USD, set by ops-alice');
    expect((await admin(dir, 'rate:list')).out).toContain('INR 85.10 per USD, set by ops-alice');
    expect((await admin(dir, 'coupon:create', '--name', 'CLI coupon', '--amount', '2', '--min-spend', '20', '--start', new Date(Date.now() - day).toISOString(), '--end', new Date(Date.now() + day).toISOString(), '--budget', '10')).code).toBe(0);
    expect((await admin(dir, 'coupon:list')).out).toMatch(/CLI coupon: 2\.00 off from 20\.00, 0 taken, 0 used, budget 10\.00/);
    expect((await admin(dir, 'channel:disable', '1')).out).toContain('disabled');
    expect((await admin(dir, 'channel:disable', '1')).code).toBe(1);
    expect((await admin(dir, 'channel:enable', '1')).out).toContain('enabled');
    expect((await admin(dir, 'app:release', '--platform', 'ANDROID', '--version', '2.0.0', '--code', '200', '--url', 'https://example.com/rigshare-2.apk')).out).toContain('published ANDROID 2.0.0 (200)');
    expect((await admin(dir, 'link:set', 'serviceLink', 'https://t.me/help_desk')).out).toContain('serviceLink https://t.me/help_desk');
    const raw = new SQLite(path.join(dir, 'rigshare.sqlite'), { readonly: true });
    const actions = raw.prepare("SELECT action FROM audit_log WHERE action LIKE 'product.%' OR action IN ('rate.set', 'coupon.create', 'channel.disable', 'channel.enable', 'app.release', 'link.set') ORDER BY id").all();
    raw.close();
    expect(actions.map((r) => (r as { action: string }).action)).toEqual(['product.create', 'product.edit', 'product.close', 'rate.set', 'coupon.create', 'channel.disable', 'channel.enable', 'app.release', 'link.set']);
  });
});
