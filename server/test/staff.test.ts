import { ADMIN_ROUTES, STAFF_ROLES, type StaffRole } from '@rigshare/api-schema';
import { parseAmount } from '@rigshare/domain';
import type { LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { createStaff, revokeStaffSessions } from '../src/features/staff';
import { checkLedger } from '../src/ledger/check';
import { asMember, getAs, lastSmsCode, MANY_MEMBERS, post, signedInMember, solveCaptcha, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

jest.setTimeout(120_000);

const PASSWORD = 'staff-password-123';
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TX = '0x' + 'cd'.repeat(32);
const MINUTE = 60_000;
let seq = 0;

/** The staff console's server side: TOTP login, sliding sessions, the role guard, four-eyes and the audit log. */
describe.each(testDatabases())('staff console API on %s', (_name, database) => {
  let ctx: TestContext;
  const secrets = new Map<string, string>();
  /** One live session per staff login, opened in beforeAll. */
  const tokens = new Map<string, string>();

  async function newStaff(role: StaffRole, login = `${role}-${++seq}`) {
    const r = await createStaff(ctx.db.kysely, { login, role, password: PASSWORD, totpKey: ctx.config.staff.totpKey, by: 'test-operator', at: ctx.clock() });
    secrets.set(login, new URL(r.otpauthUri).searchParams.get('secret')!);
    return login;
  }
  const codeFor = (login: string) => generateSync({ secret: secrets.get(login)!, epoch: Math.floor(ctx.clock().getTime() / 1000) });
  const loginAs = (login: string, fields: Partial<{ password: string; code: string }> = {}) =>
    post(ctx.app, '/admin/session', { login, password: PASSWORD, code: fields.code ?? codeFor(login), ...fields });
  /** A new session: the clock moves to the next 30 s step first (a code is accepted once). */
  async function session(login: string): Promise<string> {
    ctx.advance(31_000);
    const res = await loginAs(login);
    expect(res.json()).toMatchObject({ code: 200 });
    return res.json().data.token;
  }
  const call = (method: string, url: string, token: string | null, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method: method as 'GET', url, headers: token ? asMember(token) : {}, ...(payload ? { payload } : {}) });
  const asStaff = (login: string, method: string, url: string, payload?: Record<string, unknown>) => call(method, url, tokens.get(login)!, payload);

  beforeAll(async () => {
    ctx = await startApp(database, {
      ...MANY_MEMBERS,
      staff: { fourEyesThreshold: parseAmount('50'), idleMinutes: 30, totpKey: 'a test key of at least thirty-two characters' },
      team: { groupUrl: 'https://t.me/rigshare-test', videoSites: ['youtube.com'] },
    });
    for (const role of STAFF_ROLES) {
      const login = await newStaff(role, role);
      tokens.set(login, await session(login));
    }
    await newStaff('finance', 'finance2');
    tokens.set('finance2', await session('finance2'));
  });
  afterAll(() => ctx.close());

  /** A member with a balance, a withdrawal address and fund password 123456, past the security hold. */
  async function readyMember(balance: string): Promise<TestMember> {
    const m = await signedInMember(ctx, balance);
    const as = asMember(m.token);
    expect((await post(ctx.app, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS }, as)).json().code).toBe(200);
    expect((await post(ctx.app, '/api/user/auth/paypwd-code', await solveCaptcha(ctx), as)).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, m.phone);
    expect((await post(ctx.app, '/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123456' }, as)).json().code).toBe(200);
    ctx.advance(24 * 3_600_000 + MINUTE);
    // The staff sessions idled meanwhile: open them again.
    for (const login of tokens.keys()) tokens.set(login, await session(login));
    return m;
  }
  async function withdrawal(m: TestMember, amount: string): Promise<number> {
    const res = await post(ctx.app, '/api/assets/user/withdraw', { channel: 'USDT', amount, payPassword: '123456', requestId: `staff-${process.pid}-${++seq}` }, asMember(m.token));
    expect(res.json()).toMatchObject({ code: 200 });
    return res.json().data.id;
  }
  async function recharge(m: TestMember): Promise<number> {
    const channels = (await call('GET', '/api/assets/system/pay/config/banks', m.token)).json().data;
    const res = await post(ctx.app, '/api/assets/user/cashrecharge', { bankId: String(channels[0].id), amount: '1000', reference: 'UTR12345678', requestId: `staff-${process.pid}-${++seq}` }, asMember(m.token));
    expect(res.json()).toMatchObject({ code: 200 });
    return res.json().data.id;
  }
  async function pendingPost(m: TestMember): Promise<number> {
    expect((await post(ctx.app, '/api/comment/square/addText', { content: `A rig report number ${++seq} from the farm` }, asMember(m.token))).json().code).toBe(200);
    return (await ctx.db.kysely.selectFrom('posts').select('id').where('user_id', '=', m.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  }
  async function videoSubmission(m: TestMember): Promise<number> {
    expect((await post(ctx.app, '/api/user/shareLink/submit', { url: `https://www.youtube.com/watch?v=v${++seq}` }, asMember(m.token))).json().code).toBe(200);
    return (await ctx.db.kysely.selectFrom('reward_submissions').select('id').where('user_id', '=', m.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  }
  async function feedback(m: TestMember): Promise<number> {
    const boundary = '----staffTest';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nMy withdrawal from yesterday has not arrived yet, please check it today.\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/push/feedback/create', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...asMember(m.token) } });
    expect(res.json()).toMatchObject({ code: 200 });
    return (await ctx.db.kysely.selectFrom('feedback').select('id').where('user_id', '=', m.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  }
  const auditRows = async (query: string) => (await asStaff('admin', 'GET', `/admin/audit?pageSize=100&${query}`)).json().data;

  it('TOTP: enrolment shows the URI and a QR code until one code confirms it; a wrong password and a wrong code answer the same; a code works once', async () => {
    const login = await newStaff('support');
    const enrol = await post(ctx.app, '/admin/enrolment', { login, password: PASSWORD });
    expect(enrol.json()).toMatchObject({ code: 200, data: { otpauthUri: expect.stringContaining(`secret=${secrets.get(login)}`) } });
    expect(enrol.json().data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect((await post(ctx.app, '/admin/enrolment', { login, password: 'wrong-password-1' })).json()).toEqual({ code: 401, msg: 'Wrong login, password or code', data: null });

    ctx.advance(31_000);
    const wrongPassword = await loginAs(login, { password: 'wrong-password-1' });
    const wrongCode = await loginAs(login, { code: codeFor(login) === '000000' ? '111111' : '000000' });
    const noSuchLogin = await loginAs('nobody-here', { code: '123456' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongCode.json()).toEqual(wrongPassword.json());
    expect(noSuchLogin.json()).toEqual(wrongPassword.json());

    const ok = await loginAs(login);
    expect(ok.json()).toMatchObject({ code: 200, data: { staff: { login, role: 'support' }, idleMinutes: 30 } });
    expect((await call('GET', '/admin/me', ok.json().data.token)).json().data).toEqual({ login, role: 'support' });
    // The same code again (a replay within its step) is refused; enrolment is over.
    expect((await loginAs(login)).json()).toEqual(wrongPassword.json());
    expect((await post(ctx.app, '/admin/enrolment', { login, password: PASSWORD })).json()).toEqual(wrongPassword.json());
    const rows = (await auditRows(`staff=${login}`)).list.map((r: { action: string }) => r.action);
    expect(rows).toEqual(['staff.enrol']);
    // The secret is stored encrypted, never as the base32 text.
    const stored = await ctx.db.kysely.selectFrom('staff').select('totp_secret').where('login', '=', login).executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(secrets.get(login));
  });

  it('login failures are rate-limited per login: after five, even the right code is refused for the window', async () => {
    const login = await newStaff('content');
    ctx.advance(31_000);
    for (let i = 0; i < 5; i++) expect((await loginAs(login, { password: `wrong-password-${i}` })).statusCode).toBe(401);
    expect((await loginAs(login)).statusCode).toBe(429);
    ctx.advance(15 * MINUTE);
    expect((await loginAs(login)).json().code).toBe(200);
  });

  it('a session ends after 30 minutes without a request, slides with each request, and is revocable', async () => {
    const login = await newStaff('support');
    const token = await session(login);
    ctx.advance(29 * MINUTE);
    expect((await call('GET', '/admin/me', token)).statusCode).toBe(200);
    ctx.advance(29 * MINUTE);
    expect((await call('GET', '/admin/me', token)).statusCode).toBe(200);
    ctx.advance(30 * MINUTE + 1000);
    expect((await call('GET', '/admin/me', token)).json()).toMatchObject({ code: 401 });

    const second = await session(login);
    expect((await call('DELETE', '/admin/session', second)).json().code).toBe(200);
    expect((await call('GET', '/admin/me', second)).statusCode).toBe(401);

    const third = await session(login);
    const fourth = await session(login);
    // The two live ones, and the one that idled out (revoked too, so it can never come back).
    expect(await revokeStaffSessions(ctx.db.kysely, { login, by: 'test-operator', at: ctx.clock() })).toBe(3);
    expect((await call('GET', '/admin/me', third)).statusCode).toBe(401);
    expect((await call('GET', '/admin/me', fourth)).statusCode).toBe(401);
  });

  it('role matrix from the route table: every /admin route x every role, a member token and no token', async () => {
    const table = ctx.app.adminRouteTable;
    // Every route of the contract is registered, with the contract's roles, and nothing else is under /admin.
    expect(table.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.values(ADMIN_ROUTES).map((r) => `${r.method} ${r.url}`).sort());
    for (const r of table) {
      const contract = Object.values(ADMIN_ROUTES).find((c) => c.method === r.method && c.url === r.url)!;
      expect(r.roles).toEqual(contract.roles);
    }

    const m = await readyMember('100');
    const targets = { withdrawals: await withdrawal(m, '10'), recharges: await recharge(m), posts: await pendingPost(m), submissions: await videoSubmission(m), feedback: await feedback(m) };
    const snapshot = async () => ({
      audit: Number((await ctx.db.kysely.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
      transfers: Number((await ctx.db.kysely.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
      withdrawal: (await ctx.db.kysely.selectFrom('withdrawals').select('status').where('id', '=', targets.withdrawals).executeTakeFirstOrThrow()).status,
      recharge: (await ctx.db.kysely.selectFrom('cash_deposits').select('status').where('id', '=', targets.recharges).executeTakeFirstOrThrow()).status,
      post: Number((await ctx.db.kysely.selectFrom('posts').select('status').where('id', '=', targets.posts).executeTakeFirstOrThrow()).status),
      submission: (await ctx.db.kysely.selectFrom('reward_submissions').select('status').where('id', '=', targets.submissions).executeTakeFirstOrThrow()).status,
      feedback: (await ctx.db.kysely.selectFrom('feedback').select('reply').where('id', '=', targets.feedback).executeTakeFirstOrThrow()).reply,
    });
    const before = await snapshot();
    const body = { reason: 'Matrix check', text: 'Matrix reply', txHash: TX };
    /** The route's URL with the id of a real pending object (refused calls must leave it as it is), or a missing one. */
    const urlOf = (url: string, real: boolean) => {
      const area = url.split('/')[2] as keyof typeof targets;
      return url.replace(':id', String(real ? targets[area] : 2_000_000_000));
    };

    let checked = 0;
    for (const route of table.filter((r) => r.roles !== null)) {
      const payload = route.method === 'POST' ? body : undefined;
      for (const role of STAFF_ROLES) {
        const allowed = role === 'admin' || route.roles!.includes(role);
        let res: LightMyRequestResponse;
        if (allowed) {
          // An allowed call runs on a missing object (or, for logout, a session of its own), so it changes nothing here.
          const token = route.method === 'DELETE' ? await session(role) : tokens.get(role)!;
          res = await call(route.method, urlOf(route.url, false), token, payload);
          expect({ route: `${route.method} ${route.url}`, role, status: [401, 403].includes(res.statusCode) }).toEqual({ route: `${route.method} ${route.url}`, role, status: false });
        } else {
          res = await call(route.method, urlOf(route.url, true), tokens.get(role)!, payload);
          expect({ route: `${route.method} ${route.url}`, role, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, role, status: 403 });
        }
        checked++;
      }
      // A member's token is refused before the body is even read: with no body at all, still 403 (not 400).
      const member = await call(route.method, urlOf(route.url, true), m.token);
      expect({ route: `${route.method} ${route.url}`, member: member.json() }).toEqual({ route: `${route.method} ${route.url}`, member: { code: 403, msg: 'Your staff role does not allow this', data: null } });
      const anonymous = await call(route.method, urlOf(route.url, true), null);
      expect({ route: `${route.method} ${route.url}`, anonymous: anonymous.statusCode }).toEqual({ route: `${route.method} ${route.url}`, anonymous: 401 });
    }
    expect(checked).toBe(table.filter((r) => r.roles !== null).length * STAFF_ROLES.length);
    // The refused calls and the allowed calls on missing objects changed nothing but the logout audit rows.
    const after = await snapshot();
    expect({ ...after, audit: 0 }).toEqual({ ...before, audit: 0 });
    expect(after.audit - before.audit).toBe(STAFF_ROLES.length * 2 /* login + logout per role */);
  });

  it('four-eyes: above the threshold two different finance staff must approve; concurrent approvals give exactly one outcome', async () => {
    const m = await readyMember('400');
    const small = await withdrawal(m, '20');
    const approve = (login: string, id: number, fields: Record<string, string> = { txHash: TX }) => asStaff(login, 'POST', `/admin/withdrawals/${id}/approve`, fields);

    // At or below the threshold one approval pays.
    expect((await approve('finance', small)).json()).toMatchObject({ code: 200, data: { status: 'Succeeded', approvalsNeeded: 1, txHash: TX } });

    // The same staff member twice at once: one approval recorded, the other refused; still waiting.
    const big = await withdrawal(m, '100');
    const same = await Promise.all([approve('finance', big), approve('finance', big)]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(same.find((r) => r.statusCode === 200)!.json().data).toMatchObject({ status: 'Pending', approvalsNeeded: 2, approvals: [{ staff: 'finance' }] });
    expect(same.find((r) => r.statusCode === 409)!.json().msg).toMatch(/already approved by finance/);
    const listed = (await asStaff('finance2', 'GET', '/admin/withdrawals')).json().data.list.find((w: { id: number }) => w.id === big);
    expect(listed).toMatchObject({ approvalsNeeded: 2, approvals: [{ staff: 'finance' }] });

    // Two different staff at once on an approved-once withdrawal: exactly one pays, the other finds it paid.
    const two = await Promise.all([approve('finance2', big, {}), approve('admin', big, {})]);
    expect(two.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(two.find((r) => r.statusCode === 200)!.json().data).toMatchObject({ status: 'Succeeded', txHash: TX });
    expect(two.find((r) => r.statusCode === 409)!.json().msg).toMatch(/already Succeeded/);
    // Paid: a further approval or a rejection changes nothing.
    expect((await approve('admin', big)).statusCode).toBe(409);
    expect((await asStaff('finance2', 'POST', `/admin/withdrawals/${big}/reject`, { reason: 'Too late' })).statusCode).toBe(409);

    // From fresh, two different staff at once: one records the first approval, the other pays.
    const third = await withdrawal(m, '100');
    const fresh = await Promise.all([approve('finance', third), approve('finance2', third)]);
    expect(fresh.map((r) => r.json().data.status).sort()).toEqual(['Pending', 'Succeeded']);
    const legs = await ctx.db.kysely.selectFrom('ledger_transfers').select('id').where('operation_key', 'in', [`withdraw-approve:${big}`, `withdraw-approve:${third}`]).execute();
    expect(legs.length).toBe(4); // net and fee of each, once

    // A second approval may not name another payment than the first.
    const fourth = await withdrawal(m, '100');
    expect((await approve('finance', fourth)).json().data.status).toBe('Pending');
    expect((await approve('finance2', fourth, { txHash: '0x' + 'ef'.repeat(32) })).json()).toMatchObject({ code: 409 });
    expect((await asStaff('finance2', 'POST', `/admin/withdrawals/${fourth}/reject`, { reason: 'Address check failed' })).json().data).toMatchObject({ status: 'Failed' });

    const records = (await call('GET', '/api/assets/user/withrecord', m.token)).json().data.list;
    expect(records.filter((w: { status: string }) => w.status === 'Succeeded').map((w: { txHash: string }) => w.txHash)).toEqual([TX, TX, TX]);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('every staff action writes one audit row: who, role, action, member, before and after, reason, address; rows cannot be changed', async () => {
    const m = await readyMember('100');
    const [rc1, rc2] = [await recharge(m), await recharge(m)];
    const [w1, w2] = [await withdrawal(m, '10'), await withdrawal(m, '10')];
    const [p1, p2] = [await pendingPost(m), await pendingPost(m)];
    const s1 = await videoSubmission(m);
    const f1 = await feedback(m);
    const steps: [string, string, Record<string, string> | undefined, string][] = [
      ['finance', `/admin/recharges/${rc1}/confirm`, {}, 'recharge.confirm'],
      ['finance', `/admin/recharges/${rc2}/reject`, { reason: 'No such payment' }, 'recharge.reject'],
      ['finance', `/admin/withdrawals/${w1}/approve`, { txHash: TX }, 'withdrawal.approve'],
      ['admin', `/admin/withdrawals/${w2}/reject`, { reason: 'Address check failed' }, 'withdrawal.reject'],
      ['content', `/admin/posts/${p1}/pass`, {}, 'post.pass'],
      ['content', `/admin/posts/${p2}/fail`, { reason: 'Advertising' }, 'post.fail'],
      ['content', `/admin/submissions/${s1}/fail`, { reason: 'Not our app' }, 'video.fail'],
      ['support', `/admin/feedback/${f1}/reply`, { text: 'It arrives today.' }, 'feedback.reply'],
    ];
    for (const [login, url, payload, action] of steps) {
      const res = await asStaff(login, 'POST', url, payload);
      expect({ url, code: res.json().code }).toEqual({ url, code: 200 });
      const rows = (await auditRows(`member=${m.id}&action=${action}`)).list;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ staff: login, role: login, action, member: m.id, sourceAddress: '127.0.0.1', before: action === 'feedback.reply' ? null : 'Pending' });
      if (payload && 'reason' in payload) expect(rows[0].reason).toBe(payload.reason);
    }
    // Filters: by staff and by time; the member's post shows the reason it failed.
    expect((await auditRows(`member=${m.id}&staff=content`)).total).toBe(3);
    expect((await auditRows(`member=${m.id}&from=${encodeURIComponent(new Date(ctx.clock().getTime() + MINUTE).toISOString())}`)).total).toBe(0);
    // Refused by a role: no row. Append-only in the database itself.
    expect((await asStaff('support', 'POST', `/admin/posts/${p1}/fail`, { reason: 'x' })).statusCode).toBe(403);
    expect((await auditRows(`member=${m.id}&action=post.fail`)).total).toBe(1);
    // The database's answer, not rejects.toThrow: better-sqlite3's errors come from another realm in a Jest
    // worker's second file (see ledger-append-only.test.ts).
    const answer = (statement: Promise<unknown>) => statement.then(() => 'accepted', (error: { message?: unknown }) => String(error.message));
    expect(await answer(ctx.db.kysely.updateTable('audit_log').set({ actor: 'someone-else' }).execute())).toMatch(/audit log is append-only/);
    expect(await answer(ctx.db.kysely.deleteFrom('audit_log').execute())).toMatch(/audit log is append-only/);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('finance funds the pool and the rewards budget once per request id; each funding shows its transfer and one audit row', async () => {
    const requestId = `fund-${process.pid}-${++seq}`;
    const fund = (url: string, amount: string, id = requestId) => asStaff('finance', 'POST', url, { amount, reason: 'Mining revenue, week 12', requestId: id });
    const first = await fund('/admin/money/pool', '250');
    expect(first.json()).toMatchObject({ code: 200, data: { amount: '250000000' } });
    const again = await fund('/admin/money/pool', '250');
    expect(again.json().data.transferId).toBe(first.json().data.transferId);
    expect((await fund('/admin/money/pool', '300')).json()).toMatchObject({ code: 409 });
    const transfer = await ctx.db.kysely.selectFrom('ledger_transfers').select(['type', 'reason']).where('id', '=', first.json().data.transferId).executeTakeFirstOrThrow();
    expect(transfer).toEqual({ type: 'Mining Revenue', reason: 'Mining revenue, week 12' });
    const rows = (await auditRows(`action=money.fund_pool`)).list.filter((r: { target: string }) => r.target === `transfer:${first.json().data.transferId}`);
    expect(rows).toEqual([expect.objectContaining({ staff: 'finance', role: 'finance', after: '250000000', reason: 'Mining revenue, week 12' })]);

    const budget = await fund('/admin/money/rewards', '40', `${requestId}-r`);
    expect(budget.json()).toMatchObject({ code: 200, data: { amount: '40000000' } });
    expect((await auditRows(`action=money.fund_rewards&staff=finance`)).total).toBe(1);
    expect((await asStaff('support', 'POST', '/admin/money/rewards', { amount: '40', reason: 'x', requestId: `${requestId}-s` })).statusCode).toBe(403);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('the money page shows each budget: free balance, what codes and coupons reserved, the days it lasts; finance funds the promotions budget', async () => {
    const budgets = async () => new Map((await asStaff('finance', 'GET', '/admin/money/budgets')).json().data.map((b: { budget: string }) => [b.budget, b]));
    const before = (await budgets()).get('promotions') as { balance: string; reserved: string };
    const funded = await asStaff('finance', 'POST', '/admin/money/promotions', { amount: '30', reason: 'Launch promotions', requestId: `promo-${process.pid}-${++seq}` });
    expect(funded.json()).toMatchObject({ code: 200, data: { amount: '30000000' } });
    expect((await auditRows('action=money.fund_promotions&staff=finance')).total).toBe(1);
    const code = `BUDGETS${process.pid % 1000}${++seq}`;
    expect((await asStaff('finance', 'POST', '/admin/money/exchange-codes', { code, amount: '5', budget: '20', reason: 'Spring' })).json().code).toBe(200);
    const m = await signedInMember(ctx);
    expect((await post(ctx.app, '/api/assets/exchange/redeem', { code, requestId: `budgets-${process.pid}-${seq}` }, asMember(m.token))).json().code).toBe(200);
    const after = (await budgets()).get('promotions') as { balance: string; reserved: string; spentLastWeek: string; daysCovered: number | null };
    expect(BigInt(after.balance)).toBe(BigInt(before.balance) + parseAmount('30') - parseAmount('20'));
    expect(BigInt(after.reserved)).toBe(BigInt(before.reserved) + parseAmount('15'));
    expect(BigInt(after.spentLastWeek)).toBeGreaterThanOrEqual(parseAmount('5'));
    expect(after.daysCovered).toBe(Math.floor(Number(((BigInt(after.balance) + BigInt(after.reserved)) * 10n) / (BigInt(after.spentLastWeek) / 7n))) / 10);
    expect([...(await budgets()).keys()]).toEqual(['pool', 'rewards', 'promotions']);
    expect((await asStaff('support', 'GET', '/admin/money/budgets')).statusCode).toBe(403);
    // Beyond what is funded and not reserved: refused, nothing created.
    const tooBig = await asStaff('finance', 'POST', '/admin/money/exchange-codes', { code: `${code}X`, amount: '1', budget: String(Number(BigInt(after.balance) / 1_000_000n) + 1), reason: 'Too big' });
    expect(tooBig.json()).toMatchObject({ code: 409, msg: expect.stringContaining('funded and not reserved') });
    expect((await budgets()).get('promotions')).toEqual(after);
  });

  it('the dashboard counts what waits and shows the pool, the budget and what members are owed', async () => {
    const m = await readyMember('50');
    await recharge(m);
    const d = (await asStaff('support', 'GET', '/admin/dashboard')).json().data;
    const pendingRecharges = Number((await ctx.db.kysely.selectFrom('cash_deposits').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'Pending').executeTakeFirstOrThrow()).n);
    expect(d.pending.recharges).toBe(pendingRecharges);
    const accounts = await ctx.db.kysely.selectFrom('ledger_accounts').select(['kind', 'balance']).execute();
    const sum = (kinds: string[]) => accounts.filter((x) => kinds.includes(x.kind)).reduce((t, x) => t + BigInt(x.balance), 0n).toString();
    expect(d.liabilities).toBe(sum(['member.available', 'member.held', 'member.pending_income']));
    expect(BigInt(d.liabilities)).toBeGreaterThanOrEqual(parseAmount('50'));
    expect(d.revenuePool.balance).toBe(sum(['platform.revenue_pool']));
    expect(d.rewardsBudget.balance).toBe(sum(['platform.rewards_budget']));
  });

  it('a frozen member can log in and read but cannot buy, withdraw, post or comment, and nothing is created; unfreezing lets them again', async () => {
    const m = await readyMember('100');
    const as = asMember(m.token);
    const reason = 'Payment dispute under review';
    const frozen = await asStaff('support', 'POST', `/admin/members/${m.id}/freeze`, { reason });
    expect(frozen.json()).toMatchObject({ code: 200, data: { id: m.id, frozenReason: reason, frozenAt: expect.any(String) } });
    // Two freezes: one outcome; the second is refused and changes nothing.
    expect((await asStaff('finance', 'POST', `/admin/members/${m.id}/freeze`, { reason: 'again' })).json()).toMatchObject({ code: 409 });
    expect((await asStaff('content', 'POST', `/admin/members/${m.id}/unfreeze`, { reason: 'no' })).statusCode).toBe(403);

    const counts = async () => {
      const k = ctx.db.kysely;
      const n = async (table: 'orders' | 'withdrawals' | 'posts' | 'post_comments') =>
        Number((await k.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', m.id).executeTakeFirstOrThrow()).n);
      return { orders: await n('orders'), withdrawals: await n('withdrawals'), posts: await n('posts'), comments: await n('post_comments') };
    };
    const before = await counts();
    const buy = await post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: '1', quantity: '1', requestId: `frozen-${process.pid}-${++seq}` }, as);
    expect(buy.json()).toEqual({ code: 403, msg: 'Your account is frozen: you can still log in and read, but not buy, withdraw or post. Please contact customer service.', data: null });
    const withdraw = await post(ctx.app, '/api/assets/user/withdraw', { channel: 'USDT', amount: '20', payPassword: '123456', requestId: `frozen-${process.pid}-${++seq}` }, as);
    expect(withdraw.json()).toMatchObject({ code: 403 });
    expect((await post(ctx.app, '/api/comment/square/addText', { content: 'A rig report from a frozen account' }, as)).json()).toMatchObject({ code: 403 });
    const anyPost = await ctx.db.kysely.selectFrom('posts').select('id').where('status', '=', 1).executeTakeFirst();
    if (anyPost) expect((await post(ctx.app, '/api/comment/comment/text', { squareId: String(anyPost.id), content: 'nice' }, as)).json()).toMatchObject({ code: 403 });
    expect(await counts()).toEqual(before);
    // Reading still works.
    expect((await getAs(ctx, '/api/user/user/info', m.token)).json()).toMatchObject({ code: 200 });

    expect((await asStaff('support', 'POST', `/admin/members/${m.id}/unfreeze`, { reason: 'Dispute settled' })).json()).toMatchObject({ code: 200, data: { frozenAt: null } });
    expect((await post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: '1', quantity: '1', requestId: `frozen-${process.pid}-${++seq}` }, as)).json()).toMatchObject({ code: 200 });
    const rows = (await auditRows(`member=${m.id}`)).list.filter((r: { action: string }) => r.action.startsWith('member.'));
    expect(rows.map((r: { action: string; staff: string }) => [r.action, r.staff])).toEqual([
      ['member.unfreeze', 'support'],
      ['member.freeze', 'support'],
    ]);
    expect(rows[1]).toMatchObject({ before: 'not frozen', after: `frozen: ${reason}`, reason, role: 'support' });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('support finds a member by phone prefix or id and reads their balances, orders, records and team', async () => {
    const m = await readyMember('75');
    const byPhone = (await asStaff('support', 'GET', `/admin/members?q=${m.phone.slice(0, -2)}&pageSize=100`)).json().data;
    expect(byPhone.list.map((r: { id: number }) => r.id)).toContain(m.id);
    expect(byPhone.list.every((r: { phone: string; id: number }) => r.phone.startsWith(m.phone.slice(0, -2)) || String(r.id) === m.phone.slice(0, -2))).toBe(true);
    const byId = (await asStaff('support', 'GET', `/admin/members?q=${m.id}`)).json().data;
    expect(byId.list[0]).toMatchObject({ id: m.id, phone: m.phone, available: '75000000', frozenAt: null });
    // A LIKE wildcard is matched literally, not as "anything".
    expect((await asStaff('support', 'GET', '/admin/members?q=%25')).json().data).toEqual({ total: 0, list: [] });

    const detail = (await asStaff('support', 'GET', `/admin/members/${m.id}`)).json().data;
    expect(detail).toMatchObject({ id: m.id, phone: m.phone, balances: { available: '75000000', held: '0', pendingIncome: '0' }, orders: { total: 0, recent: [] }, team: { A: 0, B: 0, C: 0 } });
    expect(detail.records[0]).toMatchObject({ amount: '75000000' });
    expect(detail.email).toBeNull();
    // Once the member has bound (and proved) an address, support sees it.
    const email = `member${m.id}@example.com`;
    expect((await post(ctx.app, '/api/user/user/email/code', { email }, asMember(m.token))).json().code).toBe(200);
    const mail = await ctx.db.kysely.selectFrom('email_outbox').select('body').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await post(ctx.app, '/api/user/user/email/bind', { email, code: /\d{6}/.exec(mail.body)![0] }, asMember(m.token))).json().code).toBe(200);
    expect((await asStaff('support', 'GET', `/admin/members/${m.id}`)).json().data.email).toBe(email);
    expect((await asStaff('support', 'GET', '/admin/members/999999')).json()).toMatchObject({ code: 404 });
    expect((await asStaff('content', 'GET', `/admin/members/${m.id}`)).statusCode).toBe(403);
  });

  it('content staff publish news, notices, a banner and a push message that members read, and unpublish them; each with its audit row', async () => {
    const m = await signedInMember(ctx);
    const read = async (url: string) => (await getAs(ctx, url, m.token)).json().data;
    const publish = async (path: string, body: Record<string, string>) => {
      const res = await asStaff('content', 'POST', `/admin/content/${path}`, body);
      expect(res.json()).toMatchObject({ code: 200 });
      return res.json().data.id as number;
    };

    const news = await publish('news', { kind: 'news', title: 'New S21 machines', content: 'Units are on sale from Monday.' });
    expect((await read('/api/push/news/list')).list[0]).toMatchObject({ id: news, title: 'New S21 machines' });
    const scroll = await publish('notices', { kind: 'scroll', content: 'Withdrawals are paid within 24 hours.' });
    expect(await read('/api/user/sys/scroll-notice')).toContain('Withdrawals are paid within 24 hours.');
    const banner = await publish('carousel', { title: 'Rent a rig', image: '/api/user/static/banner-rent.svg', link: '#/projects' });
    expect((await read('/api/user/sys/carousel')).map((b: { id: number }) => b.id)).toContain(banner);
    const pushed = await asStaff('content', 'POST', '/admin/content/push', { to: m.phone, title: 'Hello', content: 'Your machine is running.' });
    expect(pushed.json()).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await read('/api/push/unread')).count).toBeGreaterThanOrEqual(1);

    // The service's own checks answer in the console: a scrolling notice with a title, an unknown member, a bad image.
    expect((await asStaff('content', 'POST', '/admin/content/notices', { kind: 'scroll', title: 'x', content: 'y' })).json()).toMatchObject({ code: 409 });
    expect((await asStaff('content', 'POST', '/admin/content/push', { to: '9999999999', title: 't', content: 'c' })).json()).toMatchObject({ code: 404 });
    expect((await asStaff('content', 'POST', '/admin/content/carousel', { title: 't', image: 'javascript:alert(1)' })).json()).toMatchObject({ code: 409 });

    expect((await asStaff('content', 'POST', `/admin/content/notices/${scroll}/unpublish`, {})).json()).toMatchObject({ code: 200 });
    expect(await read('/api/user/sys/scroll-notice')).not.toContain('Withdrawals are paid within 24 hours.');
    expect((await asStaff('content', 'POST', `/admin/content/notices/${scroll}/unpublish`, {})).json()).toMatchObject({ code: 404 });
    const listed = (await asStaff('content', 'GET', '/admin/content/notices?pageSize=50')).json().data;
    expect(listed.list.find((n: { id: number }) => n.id === scroll)).toMatchObject({ kind: 'scroll', active: false });
    expect((await asStaff('content', 'GET', '/admin/content/news?pageSize=1')).json().data).toMatchObject({ list: [expect.objectContaining({ id: news, active: true })] });

    const rows = (await auditRows('staff=content')).list as { action: string; target: string; role: string; sourceAddress: string | null }[];
    for (const [action, target] of [['news.publish', `news:${news}`], ['notice.publish', `notice:${scroll}`], ['notice.unpublish', `notice:${scroll}`], ['carousel.publish', `carousel:${banner}`]]) {
      expect(rows.filter((r) => r.action === action && r.target === target)).toEqual([expect.objectContaining({ role: 'content', sourceAddress: expect.any(String) })]);
    }
    expect(rows.filter((r) => r.action === 'push.send')).toHaveLength(1);
  });

  it('finance adjusts a balance once per request id, cannot debit beyond it, and runs exchange codes within their budget; each with its audit row and transfer', async () => {
    const m = await signedInMember(ctx, '30');
    const requestId = `adj-${process.pid}-${++seq}`;
    const adjustment = (fields: Record<string, string>) => asStaff('finance', 'POST', '/admin/money/adjustments', { member: String(m.id), reason: 'Refund of a double charge', ...fields });
    const credit = await adjustment({ direction: 'credit', amount: '12.5', requestId });
    expect(credit.json()).toMatchObject({ code: 200, data: { amount: '12500000', balanceAfter: '42500000' } });
    expect((await adjustment({ direction: 'credit', amount: '12.5', requestId })).json().data.transferId).toBe(credit.json().data.transferId);
    expect((await adjustment({ direction: 'credit', amount: '13', requestId })).json()).toMatchObject({ code: 409 });
    const tooMuch = await adjustment({ direction: 'debit', amount: '42.500001', requestId: `${requestId}-d` });
    expect(tooMuch.json()).toMatchObject({ code: 409, msg: expect.stringContaining('below zero') });
    expect((await adjustment({ direction: 'debit', amount: '2.5', requestId: `${requestId}-e` })).json().data.balanceAfter).toBe('40000000');
    expect((await asStaff('finance', 'POST', '/admin/money/adjustments', { member: '999999', direction: 'credit', amount: '1', reason: 'x', requestId: `${requestId}-f` })).json()).toMatchObject({ code: 404 });
    const adjustRows = (await auditRows(`member=${m.id}`)).list.filter((r: { action: string }) => r.action.startsWith('money.'));
    expect(adjustRows.map((r: { action: string; before: string; after: string }) => [r.action, r.before, r.after])).toEqual([
      ['money.debit', 'available 42500000', 'available 40000000'],
      ['money.credit', 'available 30000000', 'available 42500000'],
    ]);
    const transfers = (await asStaff('finance', 'GET', '/admin/money/transfers?pageSize=5')).json().data;
    expect(transfers.list[0]).toMatchObject({ type: 'Adjustment', amount: '2500000', member: m.id, reason: 'Refund of a double charge' });

    const code = `WELCOME${seq}`;
    const created = await asStaff('finance', 'POST', '/admin/money/exchange-codes', { code, amount: '5', budget: '10', reason: 'Launch week' });
    expect(created.json()).toMatchObject({ code: 200, data: { code, status: 'Open', remaining: '10000000', redemptions: 0 } });
    // Three members redeem at once: the budget pays two, the third is refused.
    const members = await Promise.all([1, 2, 3].map(() => signedInMember(ctx)));
    const results = await Promise.all(members.map((x) => post(ctx.app, '/api/assets/exchange/redeem', { code, requestId: `ex-${process.pid}-${++seq}` }, asMember(x.token))));
    expect(results.filter((r) => r.json().code === 200)).toHaveLength(2);
    const listed = (await asStaff('finance', 'GET', '/admin/money/exchange-codes')).json().data.list.find((c: { code: string }) => c.code === code);
    expect(listed).toMatchObject({ remaining: '0', redemptions: 2 });
    expect((await asStaff('finance', 'POST', `/admin/money/exchange-codes/${code}/close`, {})).json()).toMatchObject({ code: 200, data: { status: 'Closed' } });
    expect((await asStaff('finance', 'POST', `/admin/money/exchange-codes/${code}/close`, {})).json()).toMatchObject({ code: 409 });
    expect((await auditRows(`action=exchange.create`)).list.filter((r: { target: string }) => r.target === `exchange:${code}`)).toHaveLength(1);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('the admin puts a product on offer, edits it until a unit is sold, then can only close it; a closed product leaves the list and cannot be bought', async () => {
    const now = ctx.clock().getTime();
    const terms = {
      name: `Test rig ${++seq}`,
      category: 'SHA-256',
      imageUrl: '/api/user/static/product-s19.svg',
      status: 1,
      startTime: new Date(now - MINUTE).toISOString(),
      endTime: new Date(now + 30 * 24 * 3_600_000).toISOString(),
      price: '50',
      dayReturn: '1.5',
      validDays: 30,
      unitsOffered: 100,
      maxBuy: 5,
      sort: 99,
    };
    expect((await asStaff('finance', 'POST', '/admin/products', terms)).statusCode).toBe(403);
    expect((await asStaff('admin', 'POST', '/admin/products', { ...terms, endTime: terms.startTime })).json()).toMatchObject({ code: 409, msg: expect.stringContaining('ends after it starts') });
    const created = (await asStaff('admin', 'POST', '/admin/products', terms)).json();
    expect(created).toMatchObject({ code: 200, data: { name: terms.name, price: '50000000', dayReturn: '1500000', unitsSold: 0, locked: false, closedAt: null } });
    const id: number = created.data.id;
    const edited = await asStaff('admin', 'POST', `/admin/products/${id}`, { ...terms, price: '55' });
    expect(edited.json()).toMatchObject({ code: 200, data: { price: '55000000' } });

    const m = await signedInMember(ctx, '200');
    const listed = async () => (await call('GET', '/api/orders/product/list?pageSize=100', m.token)).json().data.list.map((p: { id: number }) => p.id);
    expect(await listed()).toContain(id);
    const buy = () => post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: String(id), quantity: '1', requestId: `product-${process.pid}-${++seq}` }, asMember(m.token));
    expect((await buy()).json()).toMatchObject({ code: 200 });
    const order = await ctx.db.kysely.selectFrom('orders').select(['amount']).where('user_id', '=', m.id).executeTakeFirstOrThrow();
    expect(String(order.amount)).toBe('55000000');

    // A unit is sold: the terms are locked, nothing changes.
    const locked = await asStaff('admin', 'POST', `/admin/products/${id}`, { ...terms, price: '1' });
    expect(locked.json()).toMatchObject({ code: 409, msg: expect.stringContaining('terms are locked') });
    const shown = (await asStaff('admin', 'GET', '/admin/products?pageSize=100')).json().data.list.find((p: { id: number }) => p.id === id);
    expect(shown).toMatchObject({ price: '55000000', unitsSold: 1, locked: true });

    expect((await asStaff('admin', 'POST', `/admin/products/${id}/close`, { reason: 'Hosting contract ended' })).json()).toMatchObject({ code: 200, data: { closedAt: expect.any(String) } });
    expect((await asStaff('admin', 'POST', `/admin/products/${id}/close`, { reason: 'again' })).json()).toMatchObject({ code: 409 });
    expect(await listed()).not.toContain(id);
    expect((await buy()).json()).toMatchObject({ code: 409 });
    // The member's order runs on.
    expect((await call('GET', '/api/orders/mine/order/record', m.token)).json().data.list[0]).toMatchObject({ status: 'Valid' });
    const actions = (await auditRows('action=product.')).list;
    expect(actions.filter((r: { target: string }) => r.target === `product:${id}`).map((r: { action: string }) => r.action)).toEqual(['product.close', 'product.edit', 'product.create']);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('the admin offers a coupon within a budget: concurrent takers get exactly what it covers; withdrawing it stops it', async () => {
    const now = ctx.clock().getTime();
    const terms = { name: `Budget coupon ${++seq}`, amount: '5', minSpend: '50', productId: null, startTime: new Date(now - MINUTE).toISOString(), endTime: new Date(now + 7 * 24 * 3_600_000).toISOString(), budget: '10' };
    expect((await asStaff('finance', 'POST', '/admin/coupons', terms)).statusCode).toBe(403);
    expect((await asStaff('admin', 'POST', '/admin/coupons', { ...terms, budget: '4' })).json()).toMatchObject({ code: 409, msg: expect.stringContaining('at least one discount') });
    const created = (await asStaff('admin', 'POST', '/admin/coupons', terms)).json();
    expect(created).toMatchObject({ code: 200, data: { budget: '10000000', claimed: 0, active: true } });
    const id: number = created.data.id;
    const members = await Promise.all([1, 2, 3].map(() => signedInMember(ctx)));
    const take = (m: TestMember) => post(ctx.app, '/api/orders/coupon/receiveCoupon', { couponId: String(id) }, { ...asMember(m.token), 'accept-language': 'en-US' });
    const results = (await Promise.all(members.map(take))).map((r) => r.json());
    expect(results.filter((r) => r.code === 200)).toHaveLength(2);
    expect(results.filter((r) => r.code === 409)).toEqual([expect.objectContaining({ msg: expect.stringContaining('run out') })]);
    const fourth = await signedInMember(ctx);
    const offered = (await call('GET', '/api/orders/coupon/productCoupons', fourth.token)).json().data.map((c: { id: number }) => c.id);
    expect(offered).not.toContain(id);
    const listed = (await asStaff('admin', 'GET', '/admin/coupons')).json().data.list.find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({ claimed: 2, used: 0 });
    expect((await asStaff('admin', 'POST', `/admin/coupons/${id}/close`, { reason: 'Campaign over' })).json()).toMatchObject({ code: 200, data: { active: false } });
    expect((await asStaff('admin', 'POST', `/admin/coupons/${id}/close`, { reason: 'again' })).json()).toMatchObject({ code: 409 });
    expect((await auditRows('action=coupon.')).list.filter((r: { target: string }) => r.target === `coupon:${id}`).map((r: { action: string }) => r.action)).toEqual(['coupon.close', 'coupon.create']);
  });

  it('the admin adds, edits, disables and enables recharge channels, publishes app releases and sets the customer-service link; members see each', async () => {
    const m = await signedInMember(ctx);
    const banks = async () => (await call('GET', '/api/assets/system/pay/config/banks', m.token)).json().data.map((c: { id: number; name: string }) => c.name);
    const draft = { name: `Papara ${++seq}`, currency: 'TRY', kind: 'bank', minAmount: '500', instructions: 'Send to Papara account 1234 567 890 with your reference.', sort: 9 };
    expect((await asStaff('admin', 'POST', '/admin/pay-channels', { ...draft, currency: 'XYZ' })).json()).toMatchObject({ code: 409, msg: expect.stringContaining('Set a rate for XYZ first') });
    const created = (await asStaff('admin', 'POST', '/admin/pay-channels', draft)).json();
    expect(created).toMatchObject({ code: 200, data: { currency: 'TRY', minAmount: '500000000', enabled: true } });
    const id: number = created.data.id;
    expect(await banks()).toContain(draft.name);
    const renamed = `${draft.name} (fast)`;
    expect((await asStaff('admin', 'POST', `/admin/pay-channels/${id}`, { name: renamed, minAmount: '250', instructions: draft.instructions, sort: 9 })).json()).toMatchObject({ code: 200, data: { name: renamed, minAmount: '250000000' } });
    expect((await asStaff('admin', 'POST', `/admin/pay-channels/${id}/disable`, {})).json()).toMatchObject({ code: 200, data: { enabled: false } });
    expect(await banks()).not.toContain(renamed);
    const refused = await post(ctx.app, '/api/assets/user/cashrecharge', { bankId: String(id), amount: '1000', reference: 'PAPARA123456', requestId: `channel-${process.pid}-${++seq}` }, asMember(m.token));
    expect(refused.json()).toMatchObject({ code: 404 });
    expect((await asStaff('admin', 'POST', `/admin/pay-channels/${id}/disable`, {})).json()).toMatchObject({ code: 409 });
    expect((await asStaff('admin', 'POST', `/admin/pay-channels/${id}/enable`, {})).json()).toMatchObject({ code: 200, data: { enabled: true } });
    expect(await banks()).toContain(renamed);

    const release = { platform: 'ANDROID', version: '9.1.0', code: 9100 + seq, downUrl: 'https://downloads.example.com/rigshare-9.1.0.apk', notes: 'Faster wallet.', compulsory: true };
    expect((await asStaff('admin', 'POST', '/admin/app-releases', release)).json()).toMatchObject({ code: 200, data: { version: '9.1.0', compulsory: true } });
    expect((await asStaff('admin', 'POST', '/admin/app-releases', { ...release, code: 2 })).json()).toMatchObject({ code: 409, msg: expect.stringContaining('must be above') });
    const update = (await ctx.app.inject({ method: 'GET', url: '/api/user/app/version/update?platform=ANDROID&code=51' })).json();
    expect(update.data).toMatchObject({ version: '9.1.0', downUrl: release.downUrl, compulsory: true });

    expect((await asStaff('admin', 'POST', '/admin/links', { key: 'serviceLink', value: 'javascript:alert(1)' })).json()).toMatchObject({ code: 409 });
    expect((await asStaff('admin', 'POST', '/admin/links', { key: 'serviceLink', value: 'https://t.me/rigshare_help' })).json()).toMatchObject({ code: 200, data: { updatedBy: 'admin' } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/appUrl/info' })).json().data).toEqual({ appUrl: 'https://t.me/rigshare_help' });
    const links = (await asStaff('admin', 'GET', '/admin/links')).json().data.list;
    expect(links).toEqual([
      expect.objectContaining({ key: 'serviceLink', value: 'https://t.me/rigshare_help', updatedBy: 'admin' }),
      expect.objectContaining({ key: 'groupLink', value: 'https://t.me/rigshare-test', updatedBy: null }),
    ]);
    const actions = (await auditRows('action=channel.')).list.filter((r: { target: string }) => r.target === `channel:${id}`).map((r: { action: string }) => r.action);
    expect(actions).toEqual(['channel.enable', 'channel.disable', 'channel.edit', 'channel.create']);
  });

  it('the admin changes a reward rate with a reason; members see the new rate; a bad value changes nothing; each change is one audit row', async () => {
    const m = await signedInMember(ctx);
    const memberRates = async () => (await call('GET', '/api/user/team/info', m.token)).json().data.rates.referral;
    const setting = async (name: string) =>
      (await asStaff('admin', 'GET', '/admin/reward-settings?pageSize=20')).json().data.list.find((s: { name: string }) => s.name === name);
    const before = await setting('referral_b');
    expect(before).toMatchObject({ kind: 'rate' });

    const refusals = [
      [{ name: 'referral_b', value: '101', reason: 'Too much' }, 'Out of range'],
      [{ name: 'referral_b', value: '2.555', reason: 'Three decimals' }, 'at most two decimals'],
    ] as const;
    for (const [body, message] of refusals) expect((await asStaff('admin', 'POST', '/admin/reward-settings', body)).json()).toMatchObject({ code: 409, msg: expect.stringContaining(message) });
    expect((await asStaff('admin', 'POST', '/admin/reward-settings', { name: 'referral_b', value: '3', reason: '' })).statusCode).toBe(400);
    expect((await asStaff('admin', 'POST', '/admin/reward-settings', { name: 'payday', value: '3', reason: 'No such setting' })).statusCode).toBe(400);
    expect(await setting('referral_b')).toEqual(before);

    const changed = (await asStaff('admin', 'POST', '/admin/reward-settings', { name: 'referral_b', value: '3.25', reason: 'Autumn campaign' })).json();
    expect(changed).toMatchObject({ code: 200, data: { name: 'referral_b', kind: 'rate', value: '3.25', updatedBy: 'admin' } });
    expect(await setting('referral_b')).toMatchObject({ value: '3.25', updatedBy: 'admin' });
    expect((await memberRates()).B).toBe(325);
    const rows = (await auditRows('action=reward.set')).list.filter((r: { target: string }) => r.target === 'reward:referral_b');
    expect(rows[0]).toMatchObject({ staff: 'admin', role: 'admin', sourceAddress: '127.0.0.1', before: `${before.value} %`, after: '3.25 %', reason: 'Autumn campaign' });
    expect((await asStaff('finance', 'POST', '/admin/reward-settings', { name: 'referral_b', value: '9', reason: 'Not mine' })).statusCode).toBe(403);
    expect(await setting('referral_b')).toMatchObject({ value: '3.25' });
  });

  it('the five queues (recharges, withdrawals, posts, submissions, feedback) page in SQL: a page holds at most pageSize rows, the total counts every one waiting', async () => {
    const m = await readyMember('500');
    for (let i = 0; i < 3; i++) {
      await recharge(m);
      await withdrawal(m, '20');
      await pendingPost(m);
      await feedback(m);
    }
    for (let i = 0; i < 3; i++) await videoSubmission(await signedInMember(ctx));
    const queues = [
      ['finance', '/admin/recharges'],
      ['finance', '/admin/withdrawals'],
      ['content', '/admin/posts'],
      ['content', '/admin/submissions'],
      ['support', '/admin/feedback'],
    ] as const;
    for (const [role, url] of queues) {
      const first = (await asStaff(role, 'GET', `${url}?pageNum=1&pageSize=2`)).json().data;
      expect(first.list).toHaveLength(2);
      expect(first.total).toBeGreaterThanOrEqual(3);
      const rest = (await asStaff(role, 'GET', `${url}?pageNum=2&pageSize=${first.total}`)).json().data;
      expect(rest).toEqual({ total: first.total, list: [] });
      const all = (await asStaff(role, 'GET', `${url}?pageNum=1&pageSize=${first.total}`)).json().data.list.map((r: { id: number }) => r.id);
      expect(all.slice(0, 2)).toEqual(first.list.map((r: { id: number }) => r.id));
      expect(new Set(all).size).toBe(first.total);
    }
    // More open feedback than the old in-memory list held (100): the total still counts every one.
    const open = async () => (await asStaff('support', 'GET', '/admin/feedback?pageSize=1')).json().data.total as number;
    const before = await open();
    const at = ctx.clock().toISOString();
    await ctx.db.kysely
      .insertInto('feedback')
      .values(Array.from({ length: 101 }, (_, i) => ({ user_id: m.id, content: `Question ${i} about my rig`, created_at: at })))
      .execute();
    expect(await open()).toBe(before + 101);
  });

  // Last: it moves the clock a year on.
  it('finance sets exchange rates with who and when; a rate older than the configured age stops cash recharges in its currency until it is set again', async () => {
    const channel = (await call('GET', '/api/assets/system/pay/config/banks', (await signedInMember(ctx)).token)).json().data[0];
    expect((await asStaff('content', 'POST', '/admin/rates', { currency: channel.currency, rate: '85' })).statusCode).toBe(403);
    expect((await asStaff('finance', 'POST', '/admin/rates', { currency: channel.currency, rate: '-1' })).statusCode).toBe(400);
    ctx.advance(366 * 24 * 3_600_000);
    for (const login of tokens.keys()) tokens.set(login, await session(login));
    const m = await signedInMember(ctx);
    const rate = async () => (await call('GET', `/api/receive/exchangeRate/get?currency=${channel.currency}`, m.token)).json().data;
    expect(await rate()).toMatchObject({ currency: channel.currency, stale: true });
    const ask = (requestId: string) =>
      post(ctx.app, '/api/assets/user/cashrecharge', { bankId: String(channel.id), amount: '1000', reference: 'UTR12345678', requestId }, { ...asMember(m.token), 'accept-language': 'en-US' });
    const refused = (await ask(`rate-${process.pid}-${++seq}`)).json();
    expect(refused).toMatchObject({ code: 409, msg: expect.stringContaining('exchange rate is out of date') });
    expect(await ctx.db.kysely.selectFrom('cash_deposits').select('id').where('user_id', '=', m.id).execute()).toHaveLength(0);

    const set = (await asStaff('finance', 'POST', '/admin/rates', { currency: channel.currency, rate: '85.5' })).json();
    expect(set).toMatchObject({ code: 200, data: { rate: '85.5', source: 'finance', stale: false } });
    expect(await rate()).toMatchObject({ rate: '85.5', source: 'finance', stale: false, updatedAt: ctx.clock().toISOString() });
    const accepted = (await ask(`rate-${process.pid}-${++seq}`)).json();
    expect(accepted).toMatchObject({ code: 200 });
    const row = await ctx.db.kysely.selectFrom('cash_deposits').select(['usdt_amount']).where('user_id', '=', m.id).executeTakeFirstOrThrow();
    expect(String(row.usdt_amount)).toBe('11695906'); // 1000 / 85.5, rounded down to the micro-unit
    const listed = (await asStaff('finance', 'GET', '/admin/rates')).json().data.list;
    expect(listed.find((r: { currency: string }) => r.currency === channel.currency)).toMatchObject({ rate: '85.5', stale: false });
    expect(listed.some((r: { stale: boolean }) => r.stale)).toBe(true);
    expect((await auditRows('action=rate.set')).list[0]).toMatchObject({ staff: 'finance', role: 'finance', target: `rate:${channel.currency}`, after: `85.5 ${channel.currency} per USD` });
  });
});
