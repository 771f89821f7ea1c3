import { ownRedisPrefix, post, redisAnswers, startApp, testDatabases, TEST_REDIS_URL, type TestContext } from './helpers';

/**
 * API processes are stateless and run side by side behind a load balancer; with REDIS_URL set
 * they share one set of rate-limit counters, so spreading attempts over processes gains nothing.
 */
const redisUrl = TEST_REDIS_URL;
const [, sqlite] = testDatabases()[0];

let first: TestContext;
let second: TestContext;
let available = false;

beforeAll(async () => {
  available = await redisAnswers();
  if (process.env.CI && !available) throw new Error(`Redis is not answering at ${redisUrl}`);
  if (!available) return;
  // A key prefix of its own: other runs on the same Redis keep their counters apart.
  const withRedis = { redisUrl, redisPrefix: ownRedisPrefix() };
  first = await startApp(sqlite, withRedis);
  second = await startApp(sqlite, withRedis);
  // Two servers read one wall clock; each test clock starts when its app starts, so set them level (a
  // slow start of the second app otherwise put its clock seconds ahead, past the first's login delay).
  second.advance(first.clock().getTime() - second.clock().getTime());
});

afterAll(async () => {
  await first?.close();
  await second?.close();
});

it('two API processes share one count of failed logins through Redis', async () => {
  if (!available) return console.warn(`Skipped: no Redis at ${redisUrl}`);
  const phone = `97${Date.now().toString().slice(-8)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const app = i % 2 === 0 ? first.app : second.app;
    statuses.push((await post(app, '/api/user/auth/token/pass', { phone, password: 'Wrong12345' })).statusCode);
  }
  // Five failures in all (three on one process, two on the other); the sixth waits, wherever it lands.
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
});
