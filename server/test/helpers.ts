import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAmount, phoneLookupKey } from '@rigshare/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { Client } from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app';
import { DEFAULT_RATE_LIMITS, loadConfig, type Config } from '../src/config';
import { createDb, type Db } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrations';
import { migration as liveEventsMigration } from '../src/db/migrations/0053-live-events';
import { migrationKit } from '../src/db/migrations/kit';
import { seedIfEmpty } from '../src/seed';
import { DAY_MS } from '../src/jobs/accrual';
import { checkLedger } from '../src/ledger/check';
import { adjust } from '../src/ledger/operator';
import { reservePromotion } from '../src/ledger/promotions';
import { createStaff } from '../src/features/staff';
import { generateSync } from 'otplib';
import { serverBuild } from './server-build';

export interface TestDatabase {
  name: string;
  /** A database of its own: empty, or with `migrated` a copy of the schema at the latest migration. */
  open(options?: { migrated?: boolean }): Promise<{ db: Db; drop(): Promise<void>; reopen(): Db }>;
}

/**
 * The schema at the latest migration, made once per jest worker and database kind and copied for each
 * test's database (a file copy in SQLite, `CREATE DATABASE ... TEMPLATE` in PostgreSQL): migrating each
 * of the ~140 databases a run opens cost the suite a tenth of its CPU, most of it PostgreSQL's DDL. Named
 * by the run (test/server-build.cjs sets RIGSHARE_TEST_RUN; its teardown removes them) and the worker;
 * made under another name and renamed, so a worker never copies a schema half made.
 */
const schemaName = (prefix: string) => `${prefix}_${process.env.RIGSHARE_TEST_RUN ?? process.pid}_${process.env.JEST_WORKER_ID ?? '0'}`;
let sqliteSchema: Promise<string> | undefined;
let postgresSchema: Promise<string> | undefined;

async function makeSqliteSchema(): Promise<string> {
  const file = path.join(os.tmpdir(), `${schemaName('rigshare-schema')}.sqlite`);
  if (fs.existsSync(file)) return file;
  const building = `${file}.building`;
  fs.rmSync(building, { force: true });
  const db = createDb({ databaseUrl: null, sqliteFile: building });
  await migrateToLatest(db.kysely, db.dialect);
  // Closing the last connection folds the write-ahead log into the file and removes it.
  await db.kysely.destroy();
  fs.renameSync(building, file);
  return file;
}

async function makePostgresSchema(serverUrl: string): Promise<string> {
  const name = schemaName('rigshare_schema');
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const db = createDb({ databaseUrl: databaseUrlOf(serverUrl, building), sqliteFile: '' });
    await migrateToLatest(db.kysely, db.dialect);
    // A template must have no connection while it is copied.
    await db.kysely.destroy();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}

/** `serverUrl` with its database replaced by `database`. */
function databaseUrlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** SQLite (a temp file) always; PostgreSQL too when DATABASE_URL is set (a throwaway database). */
export function testDatabases(): [string, TestDatabase][] {
  const list: TestDatabase[] = [
    {
      name: 'sqlite',
      async open({ migrated = false } = {}) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-test-'));
        const file = path.join(dir, 'test.sqlite');
        if (migrated) fs.copyFileSync(await (sqliteSchema ??= makeSqliteSchema()), file);
        const db = createDb({ databaseUrl: null, sqliteFile: file });
        return {
          db,
          reopen: () => createDb({ databaseUrl: null, sqliteFile: file }),
          drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
  ];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    list.push({
      name: 'postgres',
      async open({ migrated = false } = {}) {
        const dbName = `rigshare_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
        const template = migrated ? await (postgresSchema ??= makePostgresSchema(serverUrl)) : undefined;
        const admin = new Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(template ? `CREATE DATABASE ${dbName} TEMPLATE ${template}` : `CREATE DATABASE ${dbName}`);
        await admin.end();
        const databaseUrl = databaseUrlOf(serverUrl, dbName);
        const db = createDb({ databaseUrl, sqliteFile: '' });
        return {
          db,
          reopen: () => createDb({ databaseUrl, sqliteFile: '' }),
          drop: async () => {
            const client = new Client({ connectionString: serverUrl });
            await client.connect();
            await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
            await client.end();
          },
        };
      },
    });
  }
  return list.map((d) => [d.name, d]);
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The injected clock. */
  clock: () => Date;
  /** Opens the same database again (another pool or file handle), as a second server process would. */
  reopen(): Db;
  /** Moves the injected clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * A migrated, seeded database and the app on it, with a clock the test moves. `beforeLatest` runs on the
 * opened database before it is migrated to the latest version: an upgrade test migrates it part of the
 * way there and leaves data as the older version would have.
 */
export async function startApp(
  database: TestDatabase,
  overrides: Partial<Config> = {},
  build: Pick<BuildAppOptions, 'logger'> = {},
  beforeLatest?: (db: Db) => Promise<void>,
): Promise<TestContext> {
  // An upgrade test starts from an empty database it migrates part of the way; the rest from the schema.
  const { db, drop, reopen } = await database.open({ migrated: !beforeLatest });
  // Uploaded files go to this run's own folder, never the repository's data folder.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-files-'));
  await beforeLatest?.(db);
  await migrateToLatest(db.kysely, db.dialect);
  let now = Date.now();
  const clock = () => new Date(now);
  // The demo's catalogue without its buyers' orders: what a test buys and accrues is all there is.
  await seedIfEmpty(db, clock(), '', 'demo', { demoOrders: false });
  const config: Config = {
    ...loadConfig({}),
    rateLimits: DEFAULT_RATE_LIMITS,
    jobsIntervalMs: 0,
    storage: { kind: 'local', dir: filesDir },
    // Tests move the clock by days; the seeded rates stay usable for a year (staff.test.ts lets one go stale).
    rateMaxAgeMs: 365 * 24 * 3_600_000,
    ...overrides,
  };
  const app = await buildApp({ db, config, clock, ...build });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    reopen: () => reopen(),
    advance: (ms) => (now += ms),
    close: async () => {
      await app.close();
      await db.kysely.destroy();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** Invariants a test file adds to the ledger's own (rewards, exchange codes): one line per broken rule. */
export type ProblemCheck = (db: Db['kysely']) => Promise<string[]>;

/**
 * The app for the tests of one describe block: started before them (startApp), closed after them, and
 * after each test the ledger checked, with `alsoCheck`: every test must leave the money consistent. The
 * returned context is filled in when the block's tests start.
 */
export function ledgerCheckedApp(
  database: TestDatabase,
  overrides: Partial<Config> = {},
  options: { alsoCheck?: ProblemCheck[]; beforeLatest?: (db: Db) => Promise<void> } = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await startApp(database, overrides, {}, options.beforeLatest));
  });
  afterAll(async () => ctx.close());
  afterEach(async () => {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    for (const check of options.alsoCheck ?? []) expect(await check(ctx.db.kysely)).toEqual([]);
  });
  return ctx;
}

export function form(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export async function post(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = form(fields);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
}

export function multipartBody(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----rigshareTest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart body of text fields and one file part, as a browser's form sends it. */
export function multipartForm(fields: Record<string, string>, file: { field: string; filename: string; type: string; bytes: Buffer }) {
  const boundary = '----rigshareForm' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Solves the image code the way the browser tests do: reads the answer from the captchas table. */
export async function solveCaptcha(ctx: TestContext): Promise<{ captchaId: string; captchaCode: string }> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/user/auth/captcha' });
  const { captchaId, svg } = res.json().data;
  expect(svg).toContain('<svg');
  const row = await ctx.db.kysely.selectFrom('captchas').select('answer').where('id', '=', captchaId).executeTakeFirstOrThrow();
  return { captchaId, captchaCode: row.answer };
}

/** How the server stores a number typed without a country (India, the default): E.164. */
export function e164(phone: string): string {
  return phoneLookupKey(phone, 'IN');
}

/** The 6-digit code of the newest text sent to the phone (as a member types it, in India by default), read from the dev SMS outbox. */
export async function lastSmsCode(ctx: TestContext, phone: string, country = 'IN'): Promise<string> {
  const row = await ctx.db.kysely
    .selectFrom('sms_outbox')
    .select('body')
    .where('phone', '=', phoneLookupKey(phone, country))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\b(\d{6})\b/.exec(row.body);
  if (!match) throw new Error(`No code in SMS: ${row.body}`);
  return match[1];
}

export async function registerMember(ctx: TestContext, phone: string, password: string, inviteCode = 'RIGSHARE') {
  const captcha = await solveCaptcha(ctx);
  const sent = await post(ctx.app, '/api/user/auth/code/reg', { phone, ...captcha });
  expect(sent.json()).toMatchObject({ code: 200 });
  const smsCode = await lastSmsCode(ctx, phone);
  return post(ctx.app, '/api/user/auth/register', { phone, password, confirmPassword: password, inviteCode, smsCode });
}

export async function login(ctx: TestContext, phone: string, password: string): Promise<string> {
  const res = await post(ctx.app, '/api/user/auth/token/pass', { phone, password });
  expect(res.statusCode).toBe(200);
  return res.json().msg;
}

/** A real 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const SERVER_DIR = path.resolve(__dirname, '..');
const runFile = promisify(execFile);

/** A fresh SQLite data folder, migrated and seeded, as an operator's first start leaves it. */
export async function seededDataDir(prefix: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'rigshare.sqlite') });
  await migrateToLatest(db.kysely, db.dialect);
  await seedIfEmpty(db, new Date());
  await db.kysely.destroy();
  return dir;
}

/**
 * The operator command against a SQLite data folder, in a fresh process as an operator runs it (the
 * production build's `node server/dist/admin.js`, test/server-build.ts): its exit code and everything it printed. `env` adds settings (chain, ...).
 */
export async function runAdmin(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await runFile(process.execPath, [serverBuild('admin'), ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** Rate limits for suites that register many members from one address (the limits have their own tests). */
export const MANY_MEMBERS: Partial<Config> = {
  rateLimits: {
    ...DEFAULT_RATE_LIMITS,
    codePerIp: { max: 10_000, windowMs: 60_000 },
    // Test phones share their first digits (9 + the process id): one number range as far as SMS limits go.
    smsPerHour: { ...DEFAULT_RATE_LIMITS.smsPerHour, perPrefix: 10_000, budget: 10_000 },
  },
};

export interface TestMember {
  /** As stored: E.164. */
  phone: string;
  token: string;
  id: number;
}

let memberSeq = 0;

/**
 * A member registered through the API and logged in, with a phone unique to this test process;
 * `balance` (USDT) is first credited by staff as an Adjustment.
 */
export async function signedInMember(ctx: TestContext, balance: string | null = null): Promise<TestMember> {
  const phone = `+919${String(process.pid % 100_000).padStart(5, '0')}${String(++memberSeq).padStart(4, '0')}`;
  expect((await registerMember(ctx, phone, 'Member123')).json().code).toBe(200);
  if (balance) await adjust(ctx.db, { phone, amount: balance, reason: 'Test funds', direction: 'credit', at: ctx.clock() });
  const token = await login(ctx, phone, 'Member123');
  const row = await ctx.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return { phone, token, id: row.id };
}

/** The session header of a member's token, with any other headers (Language, ...). */
export function asMember(token: string, headers: Record<string, string> = {}): Record<string, string> {
  return { 'x-access-token': token, ...headers };
}

/** A GET as the member holding `token`. */
export function getAs(ctx: TestContext, url: string, token: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url, headers: asMember(token, headers) });
}

/**
 * Who acts in a test that calls a staff service directly (as the command line does), and a four-eyes
 * threshold no test amount reaches: one approval pays.
 */
export const AS_STAFF = { by: 'test-staff', fourEyesThreshold: 10n ** 15n } as const;

/** Staff settings for suites that log staff in through /admin/session (staffSession). */
export const STAFF_CONFIG: Partial<Config> = { staff: { fourEyesThreshold: 10n ** 15n, idleMinutes: 24 * 60, totpKey: 'a test key of at least thirty-two characters' } };

/** A staff account of `role` created as the operator does and logged in with password and TOTP code: its session headers. */
export async function staffSession(ctx: TestContext, login: string, role: 'admin' | 'support' | 'finance' | 'content'): Promise<Record<string, string>> {
  const created = await createStaff(ctx.db.kysely, { login, role, password: 'staff-password-123', totpKey: ctx.config.staff.totpKey, by: 'test-operator', at: ctx.clock() });
  const secret = new URL(created.otpauthUri).searchParams.get('secret')!;
  ctx.advance(31_000);
  const code = generateSync({ secret, epoch: Math.floor(ctx.clock().getTime() / 1000) });
  const res = await post(ctx.app, '/admin/session', { login, password: 'staff-password-123', code });
  expect(res.json()).toMatchObject({ code: 200 });
  return asMember(res.json().data.token);
}

/** The Redis of tests that share counters or sessions between two servers: REDIS_URL's, else the one CI's machine runs. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const PING_REDIS = `const Redis = require('ioredis');
const client = new Redis(process.argv[1], { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
client.connect().then(() => client.ping()).then((pong) => process.exit(pong === 'PONG' ? 0 : 1), () => process.exit(1));`;

let redisVerdict: 'run' | 'skip' | 'fail' | undefined;

/**
 * What this test file does with its Redis tests, decided once as it loads (so synchronously: a child
 * process asks Redis for a PONG), before jest collects the tests: run them when TEST_REDIS_URL answers;
 * without it report them skipped, never passed; in CI, which must run them, fail them instead.
 */
function redisTests(): 'run' | 'skip' | 'fail' {
  if (!redisVerdict) {
    const answers = spawnSync(process.execPath, ['-e', PING_REDIS, TEST_REDIS_URL], { cwd: __dirname, stdio: 'ignore', timeout: 10_000 }).status === 0;
    const inCi = !!process.env.CI && process.env.CI !== 'false';
    redisVerdict = answers ? 'run' : inCi ? 'fail' : 'skip';
  }
  return redisVerdict;
}

function redisMissing(): never {
  throw new Error(`Redis is not answering at ${TEST_REDIS_URL}: CI must run the Redis tests (start redis-server, or set REDIS_URL)`);
}

/** `describe` for a suite that needs the Redis at TEST_REDIS_URL (see redisTests). */
export function describeWithRedis(name: string, suite: () => void): void {
  const verdict = redisTests();
  if (verdict === 'run') describe(name, suite);
  else if (verdict === 'fail') describe(name, () => it('finds Redis', redisMissing));
  else describe.skip(`${name} (skipped: no Redis at ${TEST_REDIS_URL})`, suite);
}

/** `it` for a test that needs the Redis at TEST_REDIS_URL (see redisTests). */
export function itWithRedis(name: string, test: () => Promise<unknown>, timeout?: number): void {
  const verdict = redisTests();
  if (verdict === 'run') it(name, test, timeout);
  else if (verdict === 'fail') it(name, redisMissing);
  else it.skip(`${name} (skipped: no Redis at ${TEST_REDIS_URL})`, test);
}

/** Another instance hears an announcement in a moment, not in the same tick: ask again until `wanted` or `ms` ends. */
export async function answerWithin<T>(ms: number, ask: () => Promise<T>, wanted: T): Promise<T> {
  const until = Date.now() + ms;
  let answer = await ask();
  while (answer !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer = await ask();
  }
  return answer;
}

/** A key prefix of its own, so runs sharing a Redis do not share counters or channels. */
export const ownRedisPrefix = () => `rigshare-test-${process.pid}-${Math.random().toString(36).slice(2, 10)}:`;

/** A product, by default on sale (status 1) from a day ago for a year; amounts in USDT text ("1.5"). Its id. */
export async function addProduct(
  ctx: TestContext,
  p: { price: string; dayReturn: string; validDays: number; offered: number; maxBuy?: number; name?: string; status?: number; startInMs?: number; endInMs?: number },
): Promise<number> {
  const now = ctx.clock().getTime();
  const row = await ctx.db.kysely
    .insertInto('products')
    .values({
      name: p.name ?? 'Test rig',
      category_name: 'SHA-256',
      image_url: '/api/user/static/product-s19.svg',
      status: p.status ?? 1,
      start_time: new Date(now + (p.startInMs ?? -DAY_MS)).toISOString(),
      end_time: new Date(now + (p.endInMs ?? 365 * DAY_MS)).toISOString(),
      day_return_micro: parseAmount(p.dayReturn).toString(),
      valid_days: p.validDays,
      price_micro: parseAmount(p.price).toString(),
      max_buy: p.maxBuy ?? -1,
      units_offered: p.offered,
      sort_order: 99,
      created_at: new Date(now).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Written behind the API's back: the catalogue it kept goes, as after a staff member's change.
  ctx.app.deps.catalogueCache.drop({});
  return row.id;
}

/**
 * A coupon of `amount` off any product, valid from a day ago for `endsInMs`, its budget (100 discounts)
 * reserved from the promotions budget as staff's createCoupon does; written directly because tests also
 * use coupons staff may not offer (no minimum spend).
 */
export async function addCoupon(ctx: TestContext, c: { amount: string; minSpend: string; endsInMs: number; name?: string }): Promise<number> {
  const now = ctx.clock().getTime();
  const budget = parseAmount(c.amount) * 100n;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('coupons')
      .values({
        name: c.name ?? 'Test coupon',
        translations: null,
        amount: parseAmount(c.amount).toString(),
        min_spend: parseAmount(c.minSpend).toString(),
        product_id: null,
        start_time: new Date(now - DAY_MS).toISOString(),
        end_time: new Date(now + c.endsInMs).toISOString(),
        active: 1,
        budget: budget.toString(),
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await reservePromotion(trx, ctx.db.dialect, { key: `coupon-reserve:${row.id}`, amount: budget, at: ctx.clock() });
    return row.id;
  });
}

/**
 * Runs `write` (today's code writing data as an older version left it) on a database migrated only part of
 * the way, with the live channel's `events` table there for it: today's ledger records a `balance` event
 * with each transfer, which a database of that version has no table for. The table goes again afterwards,
 * so migration 0053 creates it on the upgrade, as it would have.
 */
export async function withEventsTableOfToday<T>(db: Db, write: () => Promise<T>): Promise<T> {
  await liveEventsMigration.up(db.kysely as Kysely<unknown>, migrationKit(db.dialect));
  try {
    return await write();
  } finally {
    await db.kysely.schema.dropTable('events').execute();
  }
}
