import { parseAmount } from '@rigshare/domain';
import fs from 'node:fs';
import { closeExchangeCode, createExchangeCode, exchangeCodes, exchangeProblems } from '../src/features/exchange/service';
import { platformAccountId } from '../src/ledger/accounts';
import { OperatorError } from '../src/operator-error';
import { asMember, getAs, ledgerCheckedApp, MANY_MEMBERS, post, runAdmin, seededDataDir, signedInMember, testDatabases, type TestMember } from './helpers';

const usdt = (text: string) => parseAmount(text).toString();
let requestSeq = 0;
let codeSeq = 0;

type Member = TestMember;

describe.each(testDatabases())('exchange codes on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS, { alsoCheck: [exchangeProblems] });

  const get = (url: string, token: string, headers: Record<string, string> = {}) => getAs(ctx, url, token, headers);
  const redeem = (m: Member, code: string, requestId = `ex-${process.pid}-${++requestSeq}`, headers: Record<string, string> = {}) =>
    post(ctx.app, '/api/assets/exchange/redeem', { code, requestId }, { ...asMember(m.token), ...headers });

  async function newCode(amount: string, budget: string): Promise<string> {
    const code = `TEST${process.pid % 1000}X${++codeSeq}`;
    await createExchangeCode(ctx.db, { code, amount, budget, reason: 'Test promotion', at: ctx.clock() });
    return code;
  }

  const available = async (m: Member) => (await get('/api/assets/user/balance', m.token)).json().data.available as string;

  it('credits a member once, with the SPEC messages, a record of type 9 and the budget used', async () => {
    const code = await newCode('5', '10');
    const [a, b, c] = [await signedInMember(ctx), await signedInMember(ctx), await signedInMember(ctx)];
    expect((await get('/api/assets/exchange/status', a.token)).json().data).toEqual({ used: false, record: null });

    expect((await redeem(a, '  ')).json()).toMatchObject({ code: 400, msg: 'A redemption code or exchange code must be entered' });
    expect((await redeem(a, 'NOSUCHCODE')).json()).toMatchObject({ code: 404, msg: 'This exchange code does not exist' });
    expect((await redeem(a, 'not a code!')).json()).toMatchObject({ code: 404, msg: 'This exchange code does not exist' });
    expect((await redeem(a, code, 'x')).json().code).toBe(400);

    const requestId = `ex-${process.pid}-${++requestSeq}`;
    const ok = (await redeem(a, code, requestId)).json();
    expect(ok).toMatchObject({ code: 200, msg: 'Exchange successful', data: { code, amount: usdt('5') } });
    expect(await available(a)).toBe(usdt('5'));
    expect((await get('/api/assets/user/balance', a.token)).json().data.exchangeUsed).toBe(true);
    expect((await get('/api/assets/exchange/status', a.token)).json().data).toEqual({ used: true, record: ok.data });

    // The same request again (a retry after a timeout) answers the first success; anything else is refused.
    expect((await redeem(a, code.toLowerCase(), requestId)).json()).toMatchObject({ code: 200, data: { id: ok.data.id } });
    expect((await redeem(a, code)).json()).toMatchObject({ code: 409, msg: 'You have already used your exchange' });
    expect((await redeem(a, 'NOSUCHCODE')).json()).toMatchObject({ code: 409, msg: 'You have already used your exchange' });
    expect(await available(a)).toBe(usdt('5'));

    // Case and spaces do not matter; the budget (10) covers two members.
    expect((await redeem(b, ` ${code.toLowerCase()} `)).json()).toMatchObject({ code: 200, data: { code } });
    const empty = await redeem(c, code);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 400, msg: 'Balance 0, exchange failed' });
    expect((await redeem(c, code, undefined, { language: 'hi_IN' })).json().msg).toBe('शेष राशि 0, विनिमय विफल');
    expect(await available(c)).toBe('0');
    expect((await get('/api/assets/user/balance', c.token)).json().data.exchangeUsed).toBe(false);

    const records = (await get('/api/assets/user/record?type=9', a.token)).json().data;
    expect(records).toEqual({
      total: 1,
      list: [expect.objectContaining({ type: 'Exchange', amount: usdt('5'), status: 'Succeeded', description: `Exchange code ${code}` })],
    });
    expect((await get('/api/assets/user/record?type=Exchange', a.token, { language: 'de_DE' })).json().data.list[0].description).toBe(`Umtauschcode ${code}`);
    expect((await get('/api/assets/user/record?type=9', c.token)).json().data.total).toBe(0);

    const [summary] = await exchangeCodes(ctx.db.kysely, code);
    expect(summary).toMatchObject({ amount: parseAmount('5'), budget: parseAmount('10'), remaining: 0n, redemptions: 2, status: 'Open' });
    const transfers = await ctx.db.kysely.selectFrom('ledger_transfers').select(['idempotency_key', 'debit_account_id', 'type']).where('type', '=', 'Exchange').where('idempotency_key', 'in', [`exchange:${a.id}`, `exchange:${b.id}`]).execute();
    // Paid from what the code reserved of the promotions budget when it was created.
    const reserved = await platformAccountId(ctx.db.kysely, 'platform.rewards_reserved');
    expect(transfers).toHaveLength(2);
    expect(transfers.every((t) => t.debit_account_id === reserved)).toBe(true);
  });

  it('refuses a closed code and keeps what was credited', async () => {
    const code = await newCode('2.5', '25');
    const [a, b] = [await signedInMember(ctx), await signedInMember(ctx)];
    expect((await redeem(a, code)).json().code).toBe(200);
    const closed = await closeExchangeCode(ctx.db, { code, at: ctx.clock() });
    expect(closed).toMatchObject({ status: 'Closed', redemptions: 1, remaining: parseAmount('22.5') });
    expect((await redeem(b, code)).json()).toMatchObject({ code: 409, msg: 'This exchange code has been closed' });
    expect(await available(a)).toBe(usdt('2.5'));
    expect(await available(b)).toBe('0');
    await expect(closeExchangeCode(ctx.db, { code, at: ctx.clock() })).rejects.toThrow(/already Closed/);
    await expect(closeExchangeCode(ctx.db, { code: 'NOSUCHCODE', at: ctx.clock() })).rejects.toThrow(/No exchange code/);
  });

  it('12 members at once on a budget of 3 redemptions: exactly 3 credited, the rest hear "Balance 0"', async () => {
    const code = await newCode('5', '15');
    const members = await Promise.all(Array.from({ length: 12 }, () => signedInMember(ctx)));
    const replies = await Promise.all(members.map((m) => redeem(m, code)));
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.json().code !== 200).every((r) => r.json().msg === 'Balance 0, exchange failed')).toBe(true);
    const balances = await Promise.all(members.map(available));
    expect(balances.filter((b) => b === usdt('5'))).toHaveLength(3);
    expect(balances.filter((b) => b === '0')).toHaveLength(9);
    expect((await exchangeCodes(ctx.db.kysely, code))[0]).toMatchObject({ remaining: 0n, redemptions: 3 });
  });

  it('one member asking 8 times at once, with two codes, is credited once', async () => {
    const first = await newCode('1', '100');
    const second = await newCode('3', '300');
    const m = await signedInMember(ctx);
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => redeem(m, i % 2 ? first : second)));
    const ok = replies.filter((r) => r.json().code === 200);
    expect(ok).toHaveLength(1);
    expect(replies.filter((r) => r.json().code === 409)).toHaveLength(7);
    expect(await available(m)).toBe(ok[0].json().data.amount);
    const used = (await exchangeCodes(ctx.db.kysely)).filter((c) => c.code === first || c.code === second).reduce((n, c) => n + c.redemptions, 0);
    expect(used).toBe(1);
  });

  it('staff rules for a new code', async () => {
    const at = ctx.clock();
    const create = (fields: Partial<{ code: string; amount: string; budget: string; reason: string }>) =>
      createExchangeCode(ctx.db, { code: `RULES${process.pid % 1000}`, amount: '5', budget: '50', reason: 'Launch', at, ...fields });
    await expect(create({ code: 'ab' })).rejects.toThrow(OperatorError);
    await expect(create({ code: 'has space' })).rejects.toThrow(/Not an exchange code/);
    await expect(create({ amount: '0' })).rejects.toThrow(/--amount must be positive/);
    await expect(create({ amount: 'five' })).rejects.toThrow(/not an amount/);
    await expect(create({ budget: '12' })).rejects.toThrow(/whole multiple/);
    await expect(create({ budget: '2' })).rejects.toThrow(/whole multiple/);
    await expect(create({ reason: ' ' })).rejects.toThrow(/reason/);
    const made = await create({ code: `rules${process.pid % 1000}` });
    expect(made).toMatchObject({ code: `RULES${process.pid % 1000}`, amount: parseAmount('5'), budget: parseAmount('50'), remaining: parseAmount('50'), redemptions: 0, status: 'Open', reason: 'Launch' });
    await expect(create({})).rejects.toThrow(/already exists/);
  });
});

describe('npm run admin -- exchange:* (SQLite)', () => {
  jest.setTimeout(180_000);
  let dir = '';
  beforeAll(async () => {
    dir = await seededDataDir('rigshare-exchange-admin-');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const admin = (...args: string[]) => runAdmin(dir, args);

  it('creates, lists and closes a code', async () => {
    expect(await admin('exchange:list')).toEqual({ code: 0, out: 'no exchange codes\n' });
    const created = await admin('exchange:create', '--code', 'welcome5', '--amount', '5', '--budget', '500', '--reason', 'Launch week');
    expect(created).toEqual({ code: 0, out: 'exchange code WELCOME5 Open: 5.00 USDT per member, 0 redeemed, 500.00 of 500.00 USDT budget left\n' });
    const again = await admin('exchange:create', '--code', 'WELCOME5', '--amount', '5', '--budget', '500', '--reason', 'Twice');
    expect(again).toMatchObject({ code: 1, out: 'Exchange code WELCOME5 already exists\n' });
    expect((await admin('exchange:create', '--code', 'OTHER1', '--amount', '5', '--budget', '500')).out).toContain('reason');
    expect((await admin('exchange:list')).out).toMatch(/^WELCOME5 Open: 5\.00 USDT per member, 0 redeemed, 500\.00 of 500\.00 USDT budget left, created .+: Launch week\n$/);
    expect(await admin('exchange:close', 'WELCOME5')).toEqual({ code: 0, out: 'exchange code WELCOME5 Closed: 5.00 USDT per member, 0 redeemed, 500.00 of 500.00 USDT budget left\n' });
    expect(await admin('exchange:close', 'WELCOME5')).toMatchObject({ code: 1, out: 'Exchange code WELCOME5 is already Closed\n' });
  });
});
