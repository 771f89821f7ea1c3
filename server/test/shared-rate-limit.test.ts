import { DEFAULT_RATE_LIMITS } from '../src/config';
import { describeWithRedis, MANY_MEMBERS, form, ownRedisPrefix, startApp, testDatabases, TEST_REDIS_URL, type TestContext } from './helpers';

/**
 * API processes are stateless and run side by side behind a load balancer; with REDIS_URL set they share
 * one set of request rate-limit counters, so spreading requests over processes gains nothing. (Guesses at
 * secrets are counted in the database instead, shared however many processes run: guess-bursts.test.ts.)
 */
const redisUrl = TEST_REDIS_URL;
const [, sqlite] = testDatabases()[0];
const THREE_LOOKUPS = { rateLimits: { ...DEFAULT_RATE_LIMITS, ...MANY_MEMBERS.rateLimits, accountCheckPerIp: { max: 3, windowMs: 60_000 } } };

describeWithRedis('two API processes and one Redis', () => {
  let first: TestContext;
  let second: TestContext;
  /** Another deployment on the same Redis: a REDIS_PREFIX of its own. */
  let elsewhere: TestContext;

  beforeAll(async () => {
    // A key prefix of its own: other runs on the same Redis keep their counters apart.
    const withRedis = { ...THREE_LOOKUPS, redisUrl, redisPrefix: ownRedisPrefix() };
    first = await startApp(sqlite, withRedis);
    second = await startApp(sqlite, withRedis);
    elsewhere = await startApp(sqlite, { ...THREE_LOOKUPS, redisUrl, redisPrefix: ownRedisPrefix() });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await elsewhere?.close();
  });

  it('share one count of account lookups', async () => {
    const ip = '10.0.0.7';
    const body = form({ phone: '9000000001' });
    const lookup = async (ctx: TestContext) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/user/user/isValidAccount', payload: body.payload, headers: body.headers, remoteAddress: ip })).statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(await lookup(i % 2 === 0 ? first : second));
    // Three lookups in all (two on each process); the fourth is refused, wherever it lands.
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The same address counts afresh under another prefix: its keys are apart.
    expect(await lookup(elsewhere)).toBe(200);
  });
});
