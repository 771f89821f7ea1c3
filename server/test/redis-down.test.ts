import net from 'node:net';
import { buildApp } from '../src/app';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../src/config';
import { createDb } from '../src/db/connect';
import { closedPort, startAppWithLog } from './captured-log';
import { describeWithRedis, MANY_MEMBERS, ownRedisPrefix, post, solveCaptcha, testDatabases, TEST_REDIS_URL, type TestContext } from './helpers';

/**
 * With REDIS_URL set and Redis unreachable, login, SMS codes and account lookup answered 500: nobody
 * could log in. Now the limiter falls back to per-process counters (still limiting), says so once in
 * the log, and GET /health reports Redis down.
 */
const [, sqlite] = testDatabases()[0];
const FEW_LOOKUPS = { rateLimits: { ...DEFAULT_RATE_LIMITS, ...MANY_MEMBERS.rateLimits, accountCheckPerIp: { max: 3, windowMs: 60_000 } } };
const REDIS_DOWN = /^Redis unreachable/;

const health = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/health' });
  return { status: res.statusCode, body: res.json() };
};
const lookup = (ctx: TestContext, phone: string) => post(ctx.app, '/api/user/user/isValidAccount', { phone });

describe('Redis at a closed port', () => {
  let app: Awaited<ReturnType<typeof startAppWithLog>>;
  beforeAll(async () => {
    app = await startAppWithLog(sqlite, { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` }, FEW_LOOKUPS);
  });
  afterAll(async () => app.ctx.close());

  it('still lets members log in, get SMS codes and look up accounts', async () => {
    const { ctx } = app;
    const login = await post(ctx.app, '/api/user/auth/token/pass', { phone: '9000000001', password: 'Demo12345' });
    expect(login.json()).toMatchObject({ code: 200, data: { phone: '+919000000001' } });
    const captcha = await solveCaptcha(ctx);
    expect((await post(ctx.app, '/api/user/auth/code/reg', { phone: '9123450001', ...captcha })).json()).toMatchObject({ code: 200 });
    expect((await lookup(ctx, '9000000001')).json()).toMatchObject({ code: 200, data: { registered: true } });
  });

  it('keeps limiting, per process', async () => {
    const { ctx } = app;
    // One lookup above; the limit is 3 per address per minute.
    expect((await lookup(ctx, '9000000001')).statusCode).toBe(200);
    expect((await lookup(ctx, '9000000001')).statusCode).toBe(200);
    expect((await lookup(ctx, '9000000001')).statusCode).toBe(429);
  });

  it('logs the outage once, and /health reports Redis down while the API serves', async () => {
    expect(app.lines().filter((line) => REDIS_DOWN.test(line.msg))).toHaveLength(1);
    expect(await health(app.ctx)).toEqual({ status: 200, body: { code: 200, msg: 'Success', data: { alive: true, database: 'up', redis: 'down' } } });
  });
});

it('/health says "off" without REDIS_URL', async () => {
  const { ctx } = await startAppWithLog(sqlite);
  try {
    expect((await health(ctx)).body.data).toEqual({ alive: true, database: 'up', redis: 'off' });
  } finally {
    await ctx.close();
  }
});

it('/health answers 503 when the database cannot be reached, and so does every request that needs it', async () => {
  const db = createDb({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/nothing`, sqliteFile: '' });
  const app = await buildApp({ db, config: { ...loadConfig({}), jobsIntervalMs: 0 } });
  try {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { language: 'it_IT' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 503,
      msg: 'Il servizio è momentaneamente non disponibile, riprova tra poco',
      data: { alive: true, database: 'down', redis: 'off' },
    });
    const list = await app.inject({ method: 'GET', url: '/api/orders/product/list' });
    expect(list.json()).toMatchObject({ code: 503 });
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
});

/** Redis behind a proxy this test can cut and restore: the fallback ends when Redis is back. */
describeWithRedis('Redis that goes away and comes back', () => {
  const redis = new URL(TEST_REDIS_URL);
  const redisPort = Number(redis.port || 6379);
  let proxy: net.Server | null = null;
  let proxyPort = 0;
  const sockets = new Set<net.Socket>();
  const openProxy = () =>
    new Promise<void>((resolve, reject) => {
      proxy = net.createServer((client) => {
        const upstream = net.connect(redisPort, redis.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => (client.destroy(), upstream.destroy());
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      proxy.once('error', reject);
      proxy.listen(proxyPort, '127.0.0.1', () => {
        proxyPort = (proxy!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cutProxy = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      proxy!.close(() => resolve());
    });
  const until = async (what: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('falls back while it is away and shares the counters again when it is back', async () => {
    await openProxy();
    const app = await startAppWithLog(sqlite, { REDIS_URL: `redis://127.0.0.1:${proxyPort}`, REDIS_PREFIX: ownRedisPrefix() });
    try {
      expect((await health(app.ctx)).body.data.redis).toBe('up');
      expect((await lookup(app.ctx, '9000000001')).statusCode).toBe(200);

      await cutProxy();
      await until(async () => (await health(app.ctx)).body.data.redis === 'down', 5000);
      expect((await lookup(app.ctx, '9000000001')).statusCode).toBe(200);
      expect((await post(app.ctx.app, '/api/user/auth/token/pass', { phone: '9000000001', password: 'Demo12345' })).statusCode).toBe(200);

      await openProxy();
      await until(async () => (await health(app.ctx)).body.data.redis === 'up', 10_000);
      expect((await lookup(app.ctx, '9000000001')).statusCode).toBe(200);
      const messages = app.lines().map((line) => line.msg);
      expect(messages.filter((msg) => REDIS_DOWN.test(msg))).toHaveLength(1);
      expect(messages).toContain('Redis is back: rate limits are shared again');
    } finally {
      await app.ctx.close();
      await cutProxy();
    }
  }, 30_000);
});
