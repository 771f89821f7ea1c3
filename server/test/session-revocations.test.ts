import { buildApp } from '../src/app';
import { closedPort } from './captured-log';
import { answerWithin, describeWithRedis, login, ownRedisPrefix, post, startApp, testDatabases, TEST_REDIS_URL, type TestContext } from './helpers';

/**
 * Each API instance keeps the sessions it looked up for a few seconds' reads. In a fleet, a session
 * revoked through one instance must stop working on the others at once, not a few seconds later;
 * and an instance that cannot hear the others keeps no sessions at all.
 */
const [, sqlite] = testDatabases()[0];
const auth = (token: string) => ({ 'x-access-token': token });
const info = (app: TestContext['app'], token: string) => app.inject({ method: 'GET', url: '/api/user/user/info', headers: auth(token) });

describeWithRedis('two API instances on one database and one Redis', () => {
  let first: TestContext;
  let second: TestContext['app'];

  beforeAll(async () => {
    first = await startApp(sqlite, { redisUrl: TEST_REDIS_URL, redisPrefix: ownRedisPrefix() });
    second = await buildApp({ db: first.db, config: first.config, clock: first.clock });
    await second.ready();
    // Each instance keeps sessions only once it has subscribed: wait until a read on each keeps one.
    const token = await login(first, '9000000001', 'Demo12345');
    for (const app of [first.app, second]) {
      const keeps = async () => ((await info(app, token)).statusCode === 200 && app.deps.sessionCache.size > 0 ? 1 : 0);
      expect(await answerWithin(2000, keeps, 1)).toBe(1);
    }
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a token logged out through one instance stops reading on the other', async () => {
    const token = await login(first, '9000000001', 'Demo12345');
    expect((await info(second, token)).statusCode).toBe(200);
    expect((await post(first.app, '/api/user/auth/logout', { token }, auth(token))).json().code).toBe(200);
    expect(await answerWithin(1000, async () => (await info(second, token)).statusCode, 401)).toBe(401);
  });

  it('a password changed through one instance ends the member’s other sessions on the other', async () => {
    const kept = await login(first, '9000000001', 'Demo12345');
    const other = await login(first, '9000000001', 'Demo12345');
    expect((await info(second, other)).statusCode).toBe(200);
    const changed = await post(first.app, '/api/user/auth/update-password', { oldPassword: 'Demo12345', password: 'Demo12345', confirmPassword: 'Demo12345' }, auth(kept));
    expect(changed.json().code).toBe(200);
    expect(await answerWithin(1000, async () => (await info(second, other)).statusCode, 401)).toBe(401);
    expect((await info(second, kept)).statusCode).toBe(200);
  });
});

describe('an instance whose Redis is unreachable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(sqlite, { redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisPrefix: ownRedisPrefix() });
  });
  afterAll(async () => ctx.close());

  it('keeps no sessions: a session revoked behind its back stops reading at once', async () => {
    const token = await login(ctx, '9000000001', 'Demo12345');
    expect((await info(ctx.app, token)).statusCode).toBe(200);
    await ctx.db.kysely.updateTable('sessions').set({ revoked_at: new Date(0).toISOString() }).where('user_id', '=', 1).execute();
    expect((await info(ctx.app, token)).statusCode).toBe(401);
  });
});
