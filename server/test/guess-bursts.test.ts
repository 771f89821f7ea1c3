import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { buildApp } from '../src/app';
import { DEFAULT_RATE_LIMITS } from '../src/config';
import type { Db } from '../src/db/connect';
import { createStaff } from '../src/features/staff';
import { translate } from '../src/i18n';
import { closedPort } from './captured-log';
import { MANY_MEMBERS, asMember, form, lastSmsCode, post, signedInMember, solveCaptcha, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

/**
 * Guesses at a secret sent AT ONCE are held to the limits that hold for guesses sent one after another
 * (issue 53 item 1): every guessable secret takes a try before it is checked (security/guess-limits.ts).
 * Each burst is 50-100 concurrent requests; "evaluated" is what the caller can tell: an answer that the
 * secret was wrong (or right), as opposed to a refusal. On both databases, on one API instance, and on two
 * instances on one database with Redis unreachable (the limits live in the database, not in Redis).
 *
 * Before, with the same bursts (one run each): every login burst was checked whole, on both databases
 * (100 of 100 wrong passwords from one address, 100 of 100 from 100 addresses, 60 of 60 phones from one
 * address, 50 of 50 current passwords); staff: 50 of 50 wrong TOTP codes with the right password, 50 of 50
 * failed logins from one address; on PostgreSQL 50 of 50 wrong SMS codes and 50 of 50 wrong email codes
 * answered "wrong" (SQLite's one connection happened to serialise those).
 */

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const HINDI = { language: 'hi_IN' };
const STAFF_PASSWORD = 'Staff-Password-2026';
const TOTP_KEY = 'a test key of at least thirty-two characters';
let seq = 0;
const uniquePhone = () => `8${String(process.pid % 100_000).padStart(5, '0')}${String(++seq).padStart(4, '0')}`;

type Key = Parameters<typeof translate>[1];
/** Whether the reply's message is the catalogue's `key` in Hindi (every request below asks in Hindi); numbers in it may be any. */
function says(reply: LightMyRequestResponse, key: Key): boolean {
  const template = translate('hi-IN', key).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${template.replace(/\\?\{\w+\\?\}/g, '\\d+')}$`).test(reply.json().msg);
}

interface Instances {
  ctx: TestContext;
  /** The instance that serves the i-th request of a burst: one app, or two taking turns. */
  app(i: number): FastifyInstance;
}

/**
 * One instance on either database; two instances on PostgreSQL, the database a fleet runs on (SQLite is
 * the single-process embedded default), with Redis unreachable: it plays no part in these limits.
 */
const setups = (dbName: string) => [
  ['one instance', false],
  ...(dbName === 'postgres' ? ([['two instances on one database, Redis down', true]] as const) : []),
] as const;

describe.each(testDatabases())('guesses sent at once on %s', (dbName, database) => {
  describe.each(setups(dbName))('%s', (_setupName, twoInstances) => {
    let instances: Instances;
    let second: { app: FastifyInstance; db: Db } | undefined;

    beforeAll(async () => {
      const redisDown = twoInstances ? { redisUrl: `redis://127.0.0.1:${await closedPort()}` } : {};
      const ctx = await startApp(database, { ...MANY_MEMBERS, ...redisDown, staff: { fourEyesThreshold: 10n ** 15n, idleMinutes: 30, totpKey: TOTP_KEY } });
      if (twoInstances) {
        // Another API process on the same database, with the same settings and clock.
        const db = ctx.reopen();
        second = { app: await buildApp({ db, config: ctx.config, clock: ctx.clock }), db };
        await second.app.ready();
      }
      instances = { ctx, app: (i) => (second && i % 2 === 1 ? second.app : ctx.app) };
    });
    afterAll(async () => {
      await second?.app.close();
      await second?.db.kysely.destroy();
      await instances.ctx.close();
    });

    /** Sends `count` requests at once, the i-th built by `request(i)`, spread over the instances. */
    function burst(count: number, request: (app: FastifyInstance, i: number) => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse[]> {
      return Promise.all(Array.from({ length: count }, (_, i) => request(instances.app(i), i)));
    }
    const postFrom = (app: FastifyInstance, ip: string, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const body = form(fields);
      return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...HINDI, ...headers }, remoteAddress: ip });
    };
    const tally = (replies: LightMyRequestResponse[], evaluated: (r: LightMyRequestResponse) => boolean) => ({
      evaluated: replies.filter(evaluated).length,
      refused: replies.filter((r) => r.statusCode === 429).length,
    });

    describe('member login', () => {
      const login = (app: FastifyInstance, ip: string, phone: string, password: string) => postFrom(app, ip, '/api/user/auth/token/pass', { phone, password });
      const wrong = (r: LightMyRequestResponse) => r.statusCode === 400 && says(r, 'loginFailed');

      it('100 wrong passwords for one phone from one address: at most the 5 free tries are checked, the rest 429 in Hindi', async () => {
        const { ctx } = instances;
        const m = await signedInMember(ctx);
        const replies = await burst(100, (app, i) => login(app, '203.0.113.10', m.phone, `Wrong${i}pass`));
        const { evaluated, refused } = tally(replies, wrong);
        expect(evaluated).toBeGreaterThanOrEqual(1);
        expect(evaluated).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginPerAccount.freeFailures);
        expect(evaluated + refused).toBe(100);
        expect(replies.filter((r) => r.statusCode === 429).every((r) => says(r, 'loginDelayed') || says(r, 'tooManyRequests'))).toBe(true);
        // A delay, never a lockout: after the longest wait the member's own password works.
        ctx.advance(DEFAULT_RATE_LIMITS.loginPerAccount.maxDelayMs + 1000);
        expect((await login(ctx.app, '198.51.100.7', m.phone, 'Member123')).json().code).toBe(200);
      });

      it('the right password sent 20 times at once (a double tap, retries) logs in every time', async () => {
        const m = await signedInMember(instances.ctx);
        const replies = await burst(20, (app) => login(app, '203.0.113.20', m.phone, 'Member123'));
        expect(replies.map((r) => r.json().code)).toEqual(Array(20).fill(200));
      });

      it('100 wrong passwords for one phone from 100 addresses: at most 5 checked', async () => {
        const m = await signedInMember(instances.ctx);
        const replies = await burst(100, (app, i) => login(app, `203.0.113.${100 + i}`, m.phone, `Wrong${i}pass`));
        const { evaluated, refused } = tally(replies, wrong);
        expect(evaluated).toBeGreaterThanOrEqual(1);
        expect(evaluated).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginPerAccount.freeFailures);
        expect(evaluated + refused).toBe(100);
        expect(replies.filter((r) => r.statusCode === 429).every((r) => says(r, 'loginDelayed') || says(r, 'tooManyRequests'))).toBe(true);
      });

      it('60 phones at once from one address: at most the 20 tries of the address are checked', async () => {
        const replies = await burst(60, (app) => login(app, '192.0.2.77', uniquePhone(), 'Wrong1pass'));
        const { evaluated, refused } = tally(replies, wrong);
        expect(evaluated).toBeGreaterThanOrEqual(1);
        expect(evaluated).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginFailuresPerIp.max);
        expect(evaluated + refused).toBe(60);
        expect(replies.filter((r) => r.statusCode === 429).every((r) => says(r, 'tooManyRequests'))).toBe(true);
      });

      it('50 wrong current passwords at once when changing it: at most 5 checked', async () => {
        const m = await signedInMember(instances.ctx);
        const replies = await burst(50, (app, i) =>
          postFrom(app, '192.0.2.5', '/api/user/auth/update-password', { oldPassword: `Wrong${i}pass`, password: 'Changed123', confirmPassword: 'Changed123' }, asMember(m.token)),
        );
        const { evaluated, refused } = tally(replies, (r) => r.statusCode === 400 && says(r, 'oldPasswordWrong'));
        expect(evaluated).toBeGreaterThanOrEqual(1);
        expect(evaluated).toBeLessThanOrEqual(5);
        expect(evaluated + refused).toBe(50);
      });
    });

    describe('staff login', () => {
      let seqStaff = 0;
      async function newStaff(): Promise<{ login: string; secret: string }> {
        const { ctx } = instances;
        const login = `burst-${twoInstances ? 2 : 1}-${++seqStaff}`;
        const created = await createStaff(ctx.db.kysely, { login, role: 'admin', password: STAFF_PASSWORD, totpKey: TOTP_KEY, by: 'test-operator', at: ctx.clock() });
        return { login, secret: new URL(created.otpauthUri).searchParams.get('secret')! };
      }
      const staffLogin = (app: FastifyInstance, ip: string, fields: Record<string, string>) => postFrom(app, ip, '/admin/session', fields);
      const failed = (r: LightMyRequestResponse) => r.statusCode === 401;

      it('the right password with 50 wrong TOTP codes from 50 addresses: at most 5 checked, then the right code waits too', async () => {
        const { ctx } = instances;
        const staff = await newStaff();
        const right = generateSync({ secret: staff.secret, epoch: Math.floor(ctx.clock().getTime() / 1000) });
        const wrongCode = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
        const replies = await burst(50, (app, i) => staffLogin(app, `198.18.0.${i + 1}`, { login: staff.login, password: STAFF_PASSWORD, code: wrongCode(i) }));
        const { evaluated, refused } = tally(replies, failed);
        expect(evaluated).toBeGreaterThanOrEqual(1);
        expect(evaluated).toBeLessThanOrEqual(5);
        expect(evaluated + refused).toBe(50);
        expect((await staffLogin(ctx.app, '198.18.1.1', { login: staff.login, password: STAFF_PASSWORD, code: right })).statusCode).toBe(429);
      });

      it('50 failed logins at once from one address: at most the 20 of the address checked', async () => {
        const replies = await burst(50, (app, i) => staffLogin(app, '198.19.0.1', { login: `nobody-${twoInstances}-${i}`, password: 'Wrong-password-1', code: '123456' }));
        const { evaluated, refused } = tally(replies, failed);
        expect(evaluated).toBeGreaterThanOrEqual(1);
        expect(evaluated).toBeLessThanOrEqual(20);
        expect(evaluated + refused).toBe(50);
      });
    });

    describe('codes and the fund password', () => {
      const codeFields = async () => solveCaptcha(instances.ctx);

      it('50 wrong SMS codes at once: at most 4 answered "wrong", and the right code is dead after', async () => {
        const { ctx } = instances;
        const phone = uniquePhone();
        expect((await post(ctx.app, '/api/user/auth/code/reg', { phone, ...(await codeFields()) })).json().code).toBe(200);
        const code = await lastSmsCode(ctx, phone);
        const wrongCode = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        const register = (app: FastifyInstance, smsCode: string) =>
          postFrom(app, '192.0.2.9', '/api/user/auth/register', { phone, password: 'Member123', confirmPassword: 'Member123', inviteCode: 'RIGSHARE', smsCode });
        const replies = await burst(50, (app, i) => register(app, wrongCode(i)));
        const answeredWrong = replies.filter((r) => says(r, 'smsCodeWrong')).length;
        expect(answeredWrong).toBeLessThanOrEqual(4);
        expect(replies.filter((r) => says(r, 'smsCodeTooManyAttempts'))).toHaveLength(50 - answeredWrong);
        // Five guesses were checked in all: the code is dead, the right one included.
        expect(says(await register(ctx.app, code), 'smsCodeTooManyAttempts')).toBe(true);
      });

      it('50 wrong email codes at once: at most 4 answered "wrong", and the right code is dead after', async () => {
        const { ctx } = instances;
        const m = await signedInMember(ctx);
        const email = `burst-${twoInstances}-${m.id}@example.com`;
        expect((await post(ctx.app, '/api/user/user/email/code', { email }, asMember(m.token))).json().code).toBe(200);
        await ctx.app.deps.email.idle?.();
        const row = await ctx.db.kysely.selectFrom('email_outbox').select('body').where('email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
        const code = /\b(\d{6})\b/.exec(row.body)![1];
        const wrongCode = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        const bind = (app: FastifyInstance, c: string) => postFrom(app, '192.0.2.10', '/api/user/user/email/bind', { email, code: c }, asMember(m.token));
        const replies = await burst(50, (app, i) => bind(app, wrongCode(i)));
        const answeredWrong = replies.filter((r) => says(r, 'emailCodeWrong')).length;
        expect(answeredWrong).toBeLessThanOrEqual(4);
        expect(replies.filter((r) => says(r, 'smsCodeTooManyAttempts'))).toHaveLength(50 - answeredWrong);
        expect(says(await bind(ctx.app, code), 'smsCodeTooManyAttempts')).toBe(true);
      });

      it('50 guesses of one image code at once, all right: one is accepted (one image, one guess)', async () => {
        const captcha = await solveCaptcha(instances.ctx);
        const replies = await burst(50, (app) => postFrom(app, '192.0.2.11', '/api/user/auth/code/reg', { phone: uniquePhone(), ...captcha }));
        expect(replies.filter((r) => r.json().code === 200)).toHaveLength(1);
        expect(replies.filter((r) => says(r, 'captchaWrong'))).toHaveLength(49);
      });

      it('50 wrong fund passwords at once: at most 4 answered "wrong", one lock and its message, and the right PIN refused', async () => {
        const { ctx } = instances;
        const m: TestMember = await signedInMember(ctx, '10');
        expect((await post(ctx.app, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS }, asMember(m.token))).json().code).toBe(200);
        expect((await post(ctx.app, '/api/user/auth/paypwd-code', await codeFields(), asMember(m.token))).json().code).toBe(200);
        const smsCode = await lastSmsCode(ctx, m.phone);
        expect((await post(ctx.app, '/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123456' }, asMember(m.token))).json().code).toBe(200);
        expect((await post(ctx.app, '/api/push/record/update', {}, asMember(m.token))).json().data).toEqual({ count: 0 });
        ctx.advance(25 * 3_600_000);
        const withdraw = (app: FastifyInstance, pin: string, i: number) =>
          postFrom(app, '192.0.2.12', '/api/assets/user/withdraw', { channel: 'USDT', amount: '2', payPassword: pin, requestId: `burst-${twoInstances}-${m.id}-${i}` }, asMember(m.token));
        const replies = await burst(50, (app, i) => withdraw(app, String(200_000 + i), i));
        const wrong = replies.filter((r) => r.statusCode === 400 && says(r, 'fundPasswordWrongTriesLeft'));
        const answeredWrong = wrong.length;
        expect(answeredWrong).toBeLessThanOrEqual(4);
        // Each wrong answer counts down on its own: no two say the same number of tries left.
        const triesLeft = wrong.map((r) => r.json().data.triesLeft as number).sort();
        expect(new Set(triesLeft).size).toBe(answeredWrong);
        expect(triesLeft.every((left) => left >= 1 && left <= 4)).toBe(true);
        expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(50 - answeredWrong);
        // The fifth wrong PIN checked locked it: one message, and the right PIN waits for the lock too.
        const unread = await ctx.app.inject({ method: 'GET', url: '/api/push/unread', headers: asMember(m.token) });
        expect(unread.json().data).toMatchObject({ count: 1 });
        const right = await withdraw(ctx.app, '123456', 99);
        expect(right.statusCode).toBe(429);
        expect(right.json().msg).toBe(translate('hi-IN', 'fundPasswordLocked', { minutes: DEFAULT_RATE_LIMITS.fundPassword.lockMs / 60_000 }));
        expect(Date.parse(right.json().data.lockedUntil)).toBe(ctx.clock().getTime() + DEFAULT_RATE_LIMITS.fundPassword.lockMs);
        const balance = await ctx.db.kysely.selectFrom('withdrawals').select('id').where('user_id', '=', m.id).execute();
        expect(balance).toEqual([]);
      });
    });
  });
});
