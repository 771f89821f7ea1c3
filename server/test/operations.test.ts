import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { createDb } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrations';
import { seedIfEmpty } from '../src/seed';
import { runAccrual } from '../src/jobs/accrual';
import { hashPassword, verifyPassword } from '../src/security/password';
import { closedPort, startAppWithLog } from './captured-log';
import { form, startApp, testDatabases, type TestContext } from './helpers';

/**
 * Running for real members: configuration checked against one schema, demo data only in the demo,
 * rate limits that see the member's address behind a proxy, and GET /ready.
 */
const [, sqlite] = testDatabases()[0];
const XPUB = 'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5';

describe('configuration', () => {
  it('names every wrong or missing setting in one error, and echoes no secret', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@db/rigshare',
        JOBS_INTERVAL_MS: '-5',
        TRUST_PROXY: 'yes please',
        SEED: 'everything',
        LINKS: '{"name":"x"}',
        DEPOSIT_XPUB: 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
        SHARE_BASE_URL: 'not a url',
        STAFF_TOTP_KEY: 'too short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    const named = problems.map((p) => p.split(':')[0]).sort();
    // Before: the first bad setting threw alone (PORT), the operator fixed them one start at a time.
    expect(named).toEqual(['CORS_ORIGINS', 'DATABASE_URL', 'DEPOSIT_XPUB', 'JOBS_INTERVAL_MS', 'LINKS', 'PORT', 'SEED', 'SHARE_BASE_URL', 'SMS_PROVIDER', 'STAFF_TOTP_KEY', 'TRUST_PROXY']);
    expect((error as Error).message).toContain('11 setting(s) to fix');
    expect((error as Error).message).toContain('CORS_ORIGINS: missing; required with NODE_ENV=production');
    expect((error as Error).message).not.toContain('hunter2');
    expect((error as Error).message).not.toContain('too short');
    expect((error as Error).message).not.toContain('xprv9s21');
  });

  it('reads production defaults and proxy settings', () => {
    const required = { CORS_ORIGINS: 'https://app.example.com', SHARE_BASE_URL: 'https://app.example.com/#/r?code=', SMS_PROVIDER: 'outbox' };
    // Staff TOTP secrets are never stored unencrypted in production.
    expect(() => loadConfig({ NODE_ENV: 'production', ...required })).toThrow('STAFF_TOTP_KEY: missing; required with NODE_ENV=production');
    // Production names its SMS gateway, or says out loud that no text leaves: without it nobody could register, silently.
    expect(() => loadConfig({ NODE_ENV: 'production', ...required, SMS_PROVIDER: undefined, STAFF_TOTP_KEY: 'k'.repeat(32) })).toThrow(
      'SMS_PROVIDER: missing; required with NODE_ENV=production',
    );
    const production = loadConfig({ NODE_ENV: 'production', ...required, STAFF_TOTP_KEY: 'k'.repeat(32) });
    expect(production).toMatchObject({ production: true, seed: 'reference', codeInLog: false, trustProxy: false, corsOrigins: ['https://app.example.com'] });
    expect(loadConfig({})).toMatchObject({ production: false, seed: 'demo', port: 3100, jobsIntervalMs: 60_000 });
    expect(loadConfig({ SEED: 'reference', PORT: '' }).seed).toBe('reference');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('hashes passwords at scrypt N = 2^14 unless a test suite lowers it, and a deployment cannot', async () => {
    const production = { NODE_ENV: 'production', CORS_ORIGINS: 'https://app.example.com', SHARE_BASE_URL: 'https://app.example.com/#/r?code=', SMS_PROVIDER: 'outbox', STAFF_TOTP_KEY: 'k'.repeat(32) };
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '10' })).toThrow('PASSWORD_HASH_COST: 10 is for test suites; NODE_ENV=production hashes at 14 or more');
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '15' })).not.toThrow();
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow('PASSWORD_HASH_COST');
    expect(() => loadConfig({ PASSWORD_HASH_COST: '10' })).not.toThrow();

    const suites = process.env.PASSWORD_HASH_COST;
    try {
      delete process.env.PASSWORD_HASH_COST;
      const deployed = await hashPassword('Member123');
      expect(deployed).toMatch(/^scrypt\$16384\$8\$1\$/);
      process.env.PASSWORD_HASH_COST = '10';
      const cheap = await hashPassword('Member123');
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
      // Each hash carries its own parameters: either checks whatever the cost is now.
      for (const stored of [deployed, cheap]) {
        expect(await verifyPassword('Member123', stored)).toBe(true);
        expect(await verifyPassword('Member124', stored)).toBe(false);
      }
    } finally {
      if (suites === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = suites;
    }
  });
});

describe('seeding', () => {
  it("'reference' seeds content but no product, member or money; 'demo' adds the demo member and catalogue", async () => {
    for (const mode of ['reference', 'demo'] as const) {
      const { db, drop } = await sqlite.open();
      try {
        await migrateToLatest(db.kysely, db.dialect);
        expect(await seedIfEmpty(db, new Date(), '', mode)).toBe(true);
        const count = async (table: 'users' | 'products' | 'orders' | 'carousel') =>
          Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
        expect(await count('products')).toBe(mode === 'demo' ? 6 : 0);
        expect(await count('orders')).toBe(mode === 'demo' ? 9 : 0);
        expect(await count('carousel')).toBeGreaterThan(0);
        // The demo member and the three demo buyers.
        expect(await count('users')).toBe(mode === 'demo' ? 4 : 0);
        // A production database stays without members until the operator creates one: no second seeding.
        expect(await seedIfEmpty(db, new Date(), '', mode)).toBe(false);
        expect(await count('carousel')).toBe(3);
      } finally {
        await db.kysely.destroy();
        await drop();
      }
    }
  });
});

describe.each(testDatabases())('behind a proxy on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The proxy (nginx) runs on this host: only its X-Forwarded-For is believed.
    ctx = await startApp(database, { trustProxy: '127.0.0.1' });
  });
  afterAll(async () => ctx.close());

  const loginVia = (remoteAddress: string, forwardedFor: string, phone: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/auth/token/pass',
      remoteAddress,
      ...form({ phone, password: 'Wrong12345' }),
      headers: { ...form({}).headers, 'x-forwarded-for': forwardedFor },
    });

  it("counts failed logins per member address, not per proxy, and ignores X-Forwarded-For from anyone else", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await loginVia('127.0.0.1', '203.0.113.7', `98766${String(10_000 + i)}`)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another member behind the same proxy is not refused. Before (trustProxy false) every member
    // behind the proxy shared 127.0.0.1 and this was 429.
    expect((await loginVia('127.0.0.1', '198.51.100.9', '9876620001')).statusCode).toBe(400);
    // A client that is not the proxy cannot pick its address with the header: 203.0.113.7 is still refused,
    // and a direct client claiming a fresh address is counted as itself.
    expect((await loginVia('127.0.0.1', '203.0.113.7', '9876620002')).statusCode).toBe(429);
    for (let i = 0; i < 20; i++) await loginVia('192.0.2.50', `192.0.2.${100 + i}`, `98766${String(30_000 + i)}`);
    expect((await loginVia('192.0.2.50', '192.0.2.200', '9876630099')).statusCode).toBe(429);
  });
});

describe('the access log', () => {
  it('has one line per request, written with its outcome: method, URL, the member\'s address behind the proxy, status, time', async () => {
    const { ctx, lines } = await startAppWithLog(sqlite, {}, { trustProxy: '127.0.0.1' });
    try {
      const viaProxy = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } };
      await ctx.app.inject({ method: 'GET', url: '/health', ...viaProxy });
      await ctx.app.inject({ method: 'GET', url: '/api/user/user/info', ...viaProxy, headers: { ...viaProxy.headers, 'x-access-token': 'not-a-session' } });
      const login = form({ phone: '9876500001', password: 'Secret-Password-1' });
      await ctx.app.inject({ method: 'POST', url: '/api/user/auth/token/pass', ...viaProxy, payload: login.payload, headers: { ...login.headers, ...viaProxy.headers } });
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route', ...viaProxy });
      // A URL is the caller's text: quotes and backslashes in it must not break the line's JSON.
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route?q=%22%5C&raw="\\', ...viaProxy });
    } finally {
      // Access lines are written in batches; closing the app writes the ones still waiting.
      await ctx.close();
    }

    const requests = lines().filter((line) => line.reqId !== undefined);
    expect(requests.map((line) => line.msg)).toEqual(Array(5).fill('request completed'));
    expect(requests.map(({ method, url, statusCode, remoteAddress }) => ({ method, url, statusCode, remoteAddress }))).toEqual([
      { method: 'GET', url: '/health', statusCode: 200, remoteAddress: '203.0.113.7' },
      { method: 'GET', url: '/api/user/user/info', statusCode: 401, remoteAddress: '203.0.113.7' },
      { method: 'POST', url: '/api/user/auth/token/pass', statusCode: 400, remoteAddress: '203.0.113.7' },
      { method: 'GET', url: '/api/no-such-route', statusCode: 404, remoteAddress: '203.0.113.7' },
      { method: 'GET', url: '/api/no-such-route?q=%22%5C&raw=%22\\', statusCode: 404, remoteAddress: '203.0.113.7' },
    ]);
    // The fields every line of the log has, as pino writes them.
    for (const line of requests) {
      expect(line).toMatchObject({ level: 30, pid: process.pid, hostname: os.hostname(), reqId: expect.any(String), responseTime: expect.any(Number) });
      expect(Math.abs((line.time as number) - Date.now())).toBeLessThan(60_000);
    }
    // Neither the body nor the headers are logged: no password, no session token.
    expect(JSON.stringify(requests)).not.toMatch(/Secret-Password-1|not-a-session/);
  });
});

describe.each(testDatabases())('GET /ready on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, {
      jobsIntervalMs: 60_000,
      readyJobLagMs: 180_000,
      readyChainLagMs: 60_000,
      chain: { ...loadConfig({}).chain, rpcUrl: 'http://127.0.0.1:1', depositXpub: XPUB },
    });
  });
  afterAll(async () => ctx.close());

  const ready = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/ready' });
    return { status: res.statusCode, body: res.json() };
  };

  it('is 200 while the jobs and the chain watcher keep up, 503 naming what is late', async () => {
    const fresh = await ready();
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ code: 200, data: { ready: true, database: { status: 'ok' }, redis: { status: 'off' }, jobs: { status: 'ok' }, chainWatcher: { status: 'ok' } } });

    // No watcher pass for two minutes (limit 60 s): late; the jobs (limit 3 min) still fine.
    ctx.advance(120_000);
    const chainLate = await ready();
    expect(chainLate.status).toBe(503);
    expect(chainLate.body.data).toMatchObject({ ready: false, jobs: { status: 'ok' }, chainWatcher: { status: 'late', lagMs: 120_000, limitMs: 60_000 } });

    // The watcher finished a pass (its cursor moved): ready again.
    await ctx.db.kysely
      .insertInto('chain_cursors')
      .values({ chain_id: 97, token_address: '0x' + '1'.repeat(40), decimals: 18, start_block: '1', last_scanned_block: '5', head_block: '9', updated_at: ctx.clock().toISOString() })
      .execute();
    expect((await ready()).status).toBe(200);

    // No job run for four minutes: late, until accrual runs.
    ctx.advance(120_000);
    await ctx.db.kysely.updateTable('chain_cursors').set({ updated_at: ctx.clock().toISOString() }).execute();
    const jobsLate = await ready();
    expect(jobsLate.status).toBe(503);
    expect(jobsLate.body.data.jobs).toEqual({ status: 'late', lagMs: 240_000, limitMs: 180_000 });
    await runAccrual(ctx.db, ctx.clock());
    expect(await ready()).toMatchObject({ status: 200, body: { data: { ready: true, jobs: { status: 'ok', lagMs: 0 } } } });
  });
});

it('/ready answers 503 when the database cannot be reached; jobs and watcher are off when not configured', async () => {
  const db = createDb({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/nothing`, sqliteFile: '' });
  const app: FastifyInstance = await buildApp({ db, config: { ...loadConfig({}), jobsIntervalMs: 0 } });
  try {
    const res = await app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data).toEqual({ ready: false, database: { status: 'down' }, redis: { status: 'off' }, jobs: { status: 'down' }, chainWatcher: { status: 'down' }, sms: { status: 'down' } });
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
  const ctx = await startApp(sqlite);
  try {
    const res = await ctx.app.inject({ method: 'GET', url: '/ready' });
    expect(res.json()).toMatchObject({ code: 200, data: { ready: true, jobs: { status: 'off' }, chainWatcher: { status: 'off' }, sms: { status: 'off' } } });
  } finally {
    await ctx.close();
  }
});
