import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { DEFAULT_RATE_LIMITS, type Config, type RateLimits } from '../src/config';
import { memberBalances } from '../src/ledger/accounts';
import {
  asMember,
  form,
  getAs,
  lastSmsCode,
  MANY_MEMBERS,
  itWithRedis,
  ownRedisPrefix,
  post,
  signedInMember,
  solveCaptcha,
  startApp,
  testDatabases,
  TEST_REDIS_URL,
  type TestContext,
  type TestMember,
} from './helpers';

/**
 * Guessing limits (issue 8, items 3, 5, 6 and 7): the fund password locks after wrong tries in a row,
 * logins count failures only (per phone and address, per address, and a growing delay per phone), and
 * SMS codes have an hourly budget and a limit per number range. Against the real server and database.
 */

const HOUR = 3_600_000;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const redisUrl = TEST_REDIS_URL;
let requestSeq = 0;

function limits(change: Partial<RateLimits>): Partial<Config> {
  return { rateLimits: { ...(MANY_MEMBERS.rateLimits ?? DEFAULT_RATE_LIMITS), ...change } };
}


/** A form POST from a given client address. */
function postFrom(app: FastifyInstance, ip: string, url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const body = form(fields);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers }, remoteAddress: ip });
}

describe.each(testDatabases())('fund password tries on %s', (_name, database) => {
  let ctx: TestContext;
  const LOCK_MINUTES = 45;
  beforeAll(async () => {
    ctx = await startApp(database, limits({ fundPassword: { ...DEFAULT_RATE_LIMITS.fundPassword, lockMs: LOCK_MINUTES * 60_000 } }));
  });
  afterAll(async () => ctx.close());

  const postAs = (app: FastifyInstance, m: TestMember, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(app, url, fields, { ...asMember(m.token), ...headers });

  async function withFundPassword(balance: string, pin = '123456'): Promise<TestMember> {
    const m = await signedInMember(ctx, balance);
    expect((await postAs(ctx.app, m, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    expect((await postAs(ctx.app, m, '/api/user/auth/paypwd-code', await solveCaptcha(ctx))).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, m.phone);
    expect((await postAs(ctx.app, m, '/api/user/auth/update-paypwd', { smsCode, payPassword: pin, confirmPayPassword: pin })).json().code).toBe(200);
    // The address and the fund password each left a security notice: read, so the counts below are the lock's.
    expect((await postAs(ctx.app, m, '/api/push/record/update', {})).json().data).toEqual({ count: 0 });
    return m;
  }

  const withdraw = (app: FastifyInstance, m: TestMember, pin: string, headers: Record<string, string> = {}) =>
    postAs(app, m, '/api/assets/user/withdraw', { channel: 'USDT', amount: '2', payPassword: pin, requestId: `fp-${process.pid}-${++requestSeq}` }, headers);

  it('80 wrong PINs: four answered, then locked for the configured minutes in the member language; the right PIN refused too', async () => {
    const m = await withFundPassword('10');
    ctx.advance(24 * HOUR + 60_000);
    const replies: LightMyRequestResponse[] = [];
    for (let i = 0; i < 80; i++) replies.push(await withdraw(ctx.app, m, String(100_000 + i), { language: 'hi_IN' }));
    const incorrect = replies.filter((r) => r.statusCode === 400);
    // Before: 80 answers "Fund password incorrect", then the right PIN succeeded.
    expect(incorrect).toHaveLength(4);
    // Each wrong PIN says how many wrong tries are left before the lock; the lock says until when.
    expect(incorrect.map((r) => r.json())).toEqual(
      [4, 3, 2, 1].map((left) => ({ code: 400, msg: `फ़ंड पासवर्ड गलत है। लॉक होने से पहले बचे गलत प्रयास: ${left}`, data: { fix: null, triesLeft: left } })),
    );
    const lockedUntil = new Date(ctx.clock().getTime() + LOCK_MINUTES * 60_000).toISOString();
    expect(replies[4].json()).toEqual({ code: 429, msg: `बहुत बार गलत फ़ंड पासवर्ड डाला गया। आपका फ़ंड पासवर्ड ${LOCK_MINUTES} मिनट के लिए लॉक है`, data: { fix: null, lockedUntil } });
    expect(replies.slice(4).every((r) => r.statusCode === 429)).toBe(true);

    ctx.advance(10 * 60_000);
    const right = await withdraw(ctx.app, m, '123456');
    expect(right.json()).toEqual({ code: 429, msg: `Too many wrong fund passwords. Your fund password is locked for ${LOCK_MINUTES - 10} minutes`, data: { fix: null, lockedUntil } });
    expect((await memberBalances(ctx.db.kysely, m.id))['member.held']).toBe(0n);

    // One message in the member's messages, in the language they read it in.
    expect((await getAs(ctx, '/api/push/unread', m.token)).json().data).toEqual({ count: 1 });
    const record = (await getAs(ctx, '/api/push/record?pageNum=1&pageSize=10', m.token, { language: 'de_DE' })).json().data;
    expect(record.total).toBe(3);
    expect(record.list[0]).toMatchObject({
      kind: 'security',
      title: 'Zahlungspasswort gesperrt',
      content: expect.stringContaining(`5-mal hintereinander falsch eingegeben und ist daher für ${LOCK_MINUTES} Minuten gesperrt`),
      read: false,
    });

    // The balance says the lock's end before any PIN is typed (the withdraw screen opens locked).
    const lockShown = async () => (await getAs(ctx, '/api/assets/user/balance', m.token)).json().data.fundPasswordLockedUntil;
    expect(await lockShown()).toBe(lockedUntil);

    // The lock ends by itself; the right PIN then works.
    ctx.advance((LOCK_MINUTES - 10) * 60_000 + 1000);
    expect(await lockShown()).toBeNull();
    expect((await withdraw(ctx.app, m, '123456')).json()).toMatchObject({ code: 200, data: { status: 'Pending' } });
  });

  it('counts wrong PINs in a row: the right one starts the count again', async () => {
    const m = await withFundPassword('10');
    ctx.advance(24 * HOUR + 60_000);
    for (let i = 0; i < 4; i++) expect((await withdraw(ctx.app, m, '000000')).statusCode).toBe(400);
    expect((await withdraw(ctx.app, m, '123456')).json().code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await withdraw(ctx.app, m, '000000')).statusCode).toBe(400);
    expect((await withdraw(ctx.app, m, '123456')).json().code).toBe(200);
    expect((await getAs(ctx, '/api/push/unread', m.token)).json().data).toEqual({ count: 0 });
    // Four wrong in a row are not a lock.
    expect((await getAs(ctx, '/api/assets/user/balance', m.token)).json().data.fundPasswordLockedUntil).toBeNull();
  });

  it('during the security hold the PIN is not checked: the hold answers first and nothing is counted', async () => {
    const m = await withFundPassword('10');
    // First setup starts no hold; replacing the address does.
    const replaced = await postAs(ctx.app, m, '/api/assets/user/address/replace', { currency: 'USDT', chain: 'BEP20', address: `0x${'b'.repeat(40)}` });
    expect(replaced.json().code).toBe(200);
    for (let i = 0; i < 10; i++) {
      const res = await withdraw(ctx.app, m, String(200_000 + i));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toMatch(/^Withdrawals are on hold until /);
    }
    ctx.advance(24 * HOUR + 60_000);
    expect((await withdraw(ctx.app, m, '123456')).json().code).toBe(200);
  });

  it('20 wrong PINs sent at once: four answered, the rest locked, one message; then the right PIN is refused', async () => {
    const m = await withFundPassword('10');
    ctx.advance(24 * HOUR + 60_000);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(ctx.app, m, String(300_000 + i))));
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(4);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(16);
    expect((await withdraw(ctx.app, m, '123456')).statusCode).toBe(429);
    expect((await getAs(ctx, '/api/push/unread', m.token)).json().data).toEqual({ count: 1 });
  });

  itWithRedis('two API instances share the count through Redis', async () => {
    const shared = { ...ctx.config, redisUrl, redisPrefix: ownRedisPrefix() };
    const apps = [await buildApp({ db: ctx.reopen(), config: shared, clock: ctx.clock }), await buildApp({ db: ctx.reopen(), config: shared, clock: ctx.clock })];
    try {
      const m = await withFundPassword('10');
      ctx.advance(24 * HOUR + 60_000);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await withdraw(apps[i % 2], m, '000000')).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      // The sixth, with the right PIN, on the instance that saw only two wrong ones: refused.
      expect((await withdraw(apps[1], m, '123456')).statusCode).toBe(429);
    } finally {
      for (const app of apps) {
        await app.close();
        await app.deps.db.kysely.destroy();
      }
    }
  });
});

describe.each(testDatabases())('login limits on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx.close());

  const loginFrom = (ip: string, phone: string, password: string, headers: Record<string, string> = {}) =>
    postFrom(ctx.app, ip, '/api/user/auth/token/pass', { phone, password }, headers);

  it('counts failures only: 30 right logins in a row all succeed', async () => {
    const m = await signedInMember(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await loginFrom('10.1.0.1', m.phone, 'Member123')).statusCode);
    // Before: the eleventh was refused with 429.
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('120 wrong passwords for one phone from 120 addresses: five answered, then a growing delay that the right password cannot skip', async () => {
    const m = await signedInMember(ctx);
    const replies: LightMyRequestResponse[] = [];
    for (let i = 0; i < 120; i++) replies.push(await loginFrom(`10.2.${Math.floor(i / 200)}.${(i % 200) + 1}`, m.phone, `Wrong${i}xyz`, { language: 'fr_FR' }));
    // Before: none of the 120 refused.
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(replies[5].json()).toEqual({ code: 429, msg: 'Trop de connexions échouées pour ce numéro de téléphone. Veuillez réessayer dans 2 secondes', data: null });
    expect((await loginFrom('10.3.0.1', m.phone, 'Member123')).statusCode).toBe(429);

    // The delay doubles with each failure: 2 s, 4 s, 8 s, ...
    const waits: number[] = [];
    for (const wait of [2, 4, 8, 16]) {
      ctx.advance(wait * 1000);
      expect((await loginFrom('10.3.0.2', m.phone, 'WrongAgain1')).statusCode).toBe(400);
      const refused = await loginFrom('10.3.0.3', m.phone, 'WrongAgain1');
      waits.push(Number(/(\d+)/.exec(refused.json().msg)?.[1]));
    }
    expect(waits).toEqual([4, 8, 16, 32]);
    // ... up to five minutes at most: a delay, never a lockout.
    for (let i = 0; i < 10; i++) {
      ctx.advance(5 * 60_000);
      expect((await loginFrom('10.3.0.4', m.phone, 'WrongAgain1')).statusCode).toBe(400);
    }
    expect((await loginFrom('10.3.0.5', m.phone, 'Member123')).json().msg).toMatch(/ try again in 300 seconds$/);
    ctx.advance(5 * 60_000);
    expect((await loginFrom('10.3.0.5', m.phone, 'Member123')).statusCode).toBe(200);
    // The right password ended the delay.
    expect((await loginFrom('10.3.0.6', m.phone, 'WrongAgain1')).statusCode).toBe(400);
    expect((await loginFrom('10.3.0.6', m.phone, 'Member123')).statusCode).toBe(200);
  });

  it('40 phones from one address: refused after twenty failures, whatever the phone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await loginFrom('10.4.0.1', `98765${String(40_000 + i)}`, 'Wrong12345')).statusCode);
    // Before: none of the 40 refused.
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // Another address is not affected; the window passes.
    expect((await loginFrom('10.4.0.2', '9876549999', 'Wrong12345')).statusCode).toBe(400);
    ctx.advance(15 * 60_000);
    expect((await loginFrom('10.4.0.1', '9876549998', 'Wrong12345')).statusCode).toBe(400);
  });

  it('one phone from one address: ten failures per window, with the per-phone delay waited out', async () => {
    const m = await signedInMember(ctx);
    const window = DEFAULT_RATE_LIMITS.loginPerIpPhone.windowMs;
    ctx.advance(window - (ctx.clock().getTime() % window));
    const replies: LightMyRequestResponse[] = [];
    for (let i = 0; i < 11; i++) {
      ctx.advance(60_000);
      replies.push(await loginFrom('10.5.0.1', m.phone, 'Wrong12345'));
    }
    expect(replies.slice(0, 10).every((r) => r.statusCode === 400)).toBe(true);
    expect(replies[10].json()).toEqual({ code: 429, msg: 'Too many attempts, please try again later', data: null });
    // The same phone from another address is only subject to the phone's delay (64 s after ten failures).
    ctx.advance(10_000);
    expect((await loginFrom('10.5.0.2', m.phone, 'Member123')).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('SMS code limits on %s', (_name, database) => {
  let ctx: TestContext;
  const lines: { level: number; msg: string }[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  beforeAll(async () => {
    ctx = await startApp(database, limits({ smsPerHour: { budget: 6, prefixDigits: 7, perPrefix: 3 } }), { logger: { level: 'warn', stream: logStream } });
  });
  afterAll(async () => ctx.close());

  const codeFrom = async (ip: string, phone: string, headers: Record<string, string> = {}) =>
    postFrom(ctx.app, ip, '/api/user/auth/code/reg', { phone, ...(await solveCaptcha(ctx)) }, headers);

  it('limits codes per number range and per hour in all, with a translated error and one operator log line', async () => {
    // Start at the beginning of an hour of the test clock, so the hour does not turn during the test.
    ctx.advance(HOUR - (ctx.clock().getTime() % HOUR) + 1000);
    const range = (i: number) => `912345${String(6000 + i)}`;
    for (let i = 0; i < 3; i++) expect((await codeFrom(`10.6.0.${i + 1}`, range(i))).statusCode).toBe(200);
    const fourth = await codeFrom('10.6.0.9', range(3), { language: 'es_ES' });
    expect(fourth.json()).toEqual({ code: 429, msg: 'Se han enviado demasiados códigos a números como este. Inténtalo de nuevo en 60 minutos', data: null });
    expect(lines.filter((l) => l.msg?.startsWith('sms limit per number prefix reached'))).toHaveLength(1);

    // Other ranges share the hourly budget of 6.
    const others = [];
    for (let i = 0; i < 5; i++) others.push((await codeFrom(`10.7.0.${i + 1}`, `9${i + 1}00000001`)).statusCode);
    expect(others).toEqual([200, 200, 200, 429, 429]);
    const over = await codeFrom('10.7.1.1', '9700000001', { language: 'te_IN' });
    expect(over.json()).toEqual({ code: 429, msg: 'ప్రస్తుతం మరిన్ని ధృవీకరణ కోడ్‌లు పంపలేము. దయచేసి 60 నిమిషాల తర్వాత మళ్లీ ప్రయత్నించండి', data: null });
    const budgetLines = lines.filter((l) => l.msg?.startsWith('sms hourly budget spent'));
    expect(budgetLines).toHaveLength(1);
    expect(budgetLines[0].level).toBe(50);
    const sent = await ctx.db.kysely.selectFrom('sms_outbox').select('phone').where('phone', 'like', '+919%').execute();
    expect(sent.filter((s) => s.phone.startsWith('+919123456'))).toHaveLength(3);

    // The next hour has a fresh budget.
    ctx.advance(HOUR);
    expect((await codeFrom('10.8.0.1', '9700000002')).statusCode).toBe(200);
    expect((await codeFrom('10.8.0.2', range(4))).statusCode).toBe(200);
  });
});
