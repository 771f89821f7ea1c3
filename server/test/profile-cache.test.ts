import type { UserInfo } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/connect';
import { ProfileCache } from '../src/caches/profile-cache';
import { closedPort } from './captured-log';
import { answerWithin, describeWithRedis, login, multipartBody, ownRedisPrefix, PNG_1X1, post, registerMember, startApp, testDatabases, TEST_REDIS_URL, type TestContext, e164 } from './helpers';

/**
 * /user/info answers from what the instance read of the member (caches/profile-cache.ts).
 * What a member changes through the API shows on their next read at once, on every instance that hears
 * the fleet's announcements; what is changed in the database behind the API's back shows within
 * PROFILE_CACHE_SECONDS.
 */
const auth = (token: string, extra: Record<string, string> = {}) => ({ 'x-access-token': token, ...extra });
const info = async (app: FastifyInstance, token: string): Promise<UserInfo> => {
  const res = await app.inject({ method: 'GET', url: '/api/user/user/info', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const rename = async (app: FastifyInstance, token: string, name: string) => {
  expect((await post(app, '/api/user/user/modify-name', { name }, auth(token))).json().code).toBe(200);
};
const setGradeInDatabase = (ctx: TestContext, phone: string, grade: number) => ctx.db.kysely.updateTable('users').set({ grade }).where('phone', '=', e164(phone)).execute();
let nextPhone = 9876600001;

it('keeps no answer read while the member’s profile changed, and forgets a member on a change', () => {
  const cache = new ProfileCache(60_000, 2);
  const profile = (name: string) => ({ name }) as UserInfo;
  const startedAt = cache.lookupStarted();
  cache.drop({ memberId: 1 });
  cache.store(1, profile('before the rename'), 0, startedAt);
  expect(cache.get(1, 1)).toBeNull();

  for (const id of [1, 2, 3]) cache.store(id, profile(`member ${id}`), 0, cache.lookupStarted());
  expect(cache.get(1, 1)).toBeNull(); // the oldest went past the bound of 2
  cache.drop({ memberId: 2 });
  expect(cache.get(2, 1)).toBeNull();
  expect(cache.get(3, 1)).toEqual(profile('member 3'));
  expect(cache.get(3, 60_000)).toBeNull();
});

describe.each(testDatabases())('the profile on %s', (_name, database) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await startApp(database);
    token = await login(ctx, '9000000001', 'Demo12345');
  });
  afterAll(async () => ctx.close());

  it('is kept for reads: a grade set in the database behind the API’s back shows within PROFILE_CACHE_SECONDS', async () => {
    const bound = ctx.config.profileCacheSeconds * 1000;
    expect(bound).toBeGreaterThan(0);
    const before = await info(ctx.app, token);
    await setGradeInDatabase(ctx, '9000000001', before.grade + 1);
    expect((await info(ctx.app, token)).grade).toBe(before.grade);
    ctx.advance(bound);
    expect(await info(ctx.app, token)).toMatchObject({ grade: before.grade + 1, gradeText: `V${before.grade + 1}` });
  });

  it('shows the member’s new name and avatar on the next read', async () => {
    await info(ctx.app, token);
    expect(ctx.app.deps.profileCache.size).toBeGreaterThan(0);
    await rename(ctx.app, token, 'Asha');
    expect((await info(ctx.app, token)).name).toBe('Asha');

    const png = multipartBody('avatar', 'a.png', 'image/png', PNG_1X1);
    const up = await ctx.app.inject({ method: 'POST', url: '/api/user/user/modify-head', payload: png.payload, headers: auth(token, png.headers) });
    expect(up.json().code).toBe(200);
    expect((await info(ctx.app, token)).headUrl).toBe(up.json().data.headUrl);
  });

  it('counts a new invitee in the inviter’s profile at once', async () => {
    const { num } = await info(ctx.app, token);
    expect(ctx.app.deps.profileCache.size).toBeGreaterThan(0);
    const phone = String(nextPhone++);
    expect((await registerMember(ctx, phone, 'Newbie123', 'RIGSHARE')).json().code).toBe(200);
    expect((await info(ctx.app, token)).num).toBe(num + 1);
    // And the newcomer sees their inviter's code.
    expect((await info(ctx.app, await login(ctx, phone, 'Newbie123'))).upInviteCode).toBe('RIGSHARE');
  });
});

describe.each(testDatabases())('with PROFILE_CACHE_SECONDS=0 on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, { profileCacheSeconds: 0 });
  });
  afterAll(async () => ctx.close());

  it('every read asks the database: changes through the API and behind its back show at once', async () => {
    const token = await login(ctx, '9000000001', 'Demo12345');
    const before = await info(ctx.app, token);
    await rename(ctx.app, token, 'Uncached');
    await setGradeInDatabase(ctx, '9000000001', before.grade + 2);
    expect(await info(ctx.app, token)).toMatchObject({ name: 'Uncached', grade: before.grade + 2 });
    expect((await registerMember(ctx, String(nextPhone++), 'Newbie123', 'RIGSHARE')).json().code).toBe(200);
    expect((await info(ctx.app, token)).num).toBe(before.num + 1);
    expect(ctx.app.deps.profileCache.size).toBe(0);
  });
});

// On PostgreSQL when DATABASE_URL is set (as a fleet runs), else on SQLite.
const [fleetDbName, fleetDb] = testDatabases().at(-1)!;

describeWithRedis(`two API instances on one ${fleetDbName} database and one Redis`, () => {
  let first: TestContext;
  let secondDb: Db;
  let second: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    first = await startApp(fleetDb, { redisUrl: TEST_REDIS_URL, redisPrefix: ownRedisPrefix() });
    // The second instance with its own connections, as a second process would have.
    secondDb = first.reopen();
    second = await buildApp({ db: secondDb, config: first.config, clock: first.clock });
    await second.ready();
    token = await login(first, '9000000001', 'Demo12345');
    // Each instance keeps profiles only once it has subscribed: wait until a read on each keeps one.
    for (const app of [first.app, second]) {
      const keeps = async () => (await info(app, token)) && app.deps.profileCache.size > 0;
      expect(await answerWithin(2000, keeps, true)).toBe(true);
    }
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.kysely.destroy();
    await first?.close();
  });

  it('a rename through one instance shows on the other’s next read', async () => {
    expect((await info(second, token)).name).not.toBe('Renamed on A');
    await rename(first.app, token, 'Renamed on A');
    expect(await answerWithin(1000, async () => (await info(second, token)).name, 'Renamed on A')).toBe('Renamed on A');
  });

  it('a member registered through one instance counts in the inviter’s profile on the other', async () => {
    const { num } = await info(second, token);
    expect((await registerMember(first, String(nextPhone++), 'Newbie123', 'RIGSHARE')).json().code).toBe(200);
    expect(await answerWithin(1000, async () => (await info(second, token)).num, num + 1)).toBe(num + 1);
  });
});

describe('an instance whose Redis is unreachable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(testDatabases()[0][1], { redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisPrefix: ownRedisPrefix() });
  });
  afterAll(async () => ctx.close());

  it('keeps no profiles: a change made behind its back shows at once', async () => {
    const token = await login(ctx, '9000000001', 'Demo12345');
    const before = await info(ctx.app, token);
    await setGradeInDatabase(ctx, '9000000001', before.grade + 1);
    expect((await info(ctx.app, token)).grade).toBe(before.grade + 1);
    expect(ctx.app.deps.profileCache.size).toBe(0);
  });
});
