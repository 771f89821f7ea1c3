import { recordMonthRange } from '@rigshare/domain';
import { adjust } from '../src/ledger/operator';
import { rejectWithdrawal } from '../src/features/wallet/withdrawals/staff';
import { AS_STAFF, asMember, getAs, lastSmsCode, ledgerCheckedApp, login, MANY_MEMBERS, post, signedInMember, solveCaptcha, testDatabases, type TestMember } from './helpers';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const CARD = { holderName: 'Asha Rao', bankName: 'State Bank of India', accountNumber: '123456789012', ifsc: 'SBIN0001234' };
const KOLKATA = 'Asia/Kolkata';
let requestSeq = 0;

/** YYYY-MM of an instant in a zone. */
function monthIn(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).formatToParts(at);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
}

describe.each(testDatabases())('record filters on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);
  const get = (url: string, m: TestMember, headers: Record<string, string> = {}) => getAs(ctx, url, m.token, headers);
  const postAs = (m: TestMember, url: string, fields: Record<string, string>) => post(ctx.app, url, fields, asMember(m.token));
  const records = async (m: TestMember, query: string) => (await get(`/api/assets/user/record?${query}`, m)).json().data;
  const withdrawals = async (m: TestMember, query: string) => (await get(`/api/assets/user/withrecord?${query}`, m)).json().data;

  /** A member with 100 USDT, an address, a bank card and fund password 123456 (first setup: no hold). */
  async function readyMember(): Promise<TestMember> {
    const m = await signedInMember(ctx, '100');
    expect((await postAs(m, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    expect((await postAs(m, '/api/assets/user/bank/modify', CARD)).json().code).toBe(200);
    const captcha = await solveCaptcha(ctx);
    expect((await postAs(m, '/api/user/auth/paypwd-code', captcha)).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, m.phone);
    expect((await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123456' })).json().code).toBe(200);
    return m;
  }
  const withdraw = async (m: TestMember, channel: 'USDT' | 'BANK') => {
    const reply = await postAs(m, '/api/assets/user/withdraw', { channel, amount: '10', payPassword: '123456', requestId: `rf-${process.pid}-${++requestSeq}` });
    expect(reply.json().code).toBe(200);
    return reply.json().data.id as number;
  };

  it('filters records and withdrawals by kind and by month in the member\'s zone, at the month edge, owner-only', async () => {
    let m = await readyMember();
    const other = await signedInMember(ctx, '7');
    const start = ctx.clock();
    // The next month in India starts at `edge`; a USDT withdrawal a minute before it, an adjustment and a bank withdrawal a minute after.
    const before = monthIn(start, KOLKATA);
    const edge = new Date(recordMonthRange(before, KOLKATA).to);
    const after = monthIn(edge, KOLKATA);
    ctx.advance(edge.getTime() - 60_000 - start.getTime());
    // Sessions may not outlive the jump: sign in again.
    m = { ...m, token: await login(ctx, m.phone, 'Member123') };
    const lateUsdt = await withdraw(m, 'USDT');
    ctx.advance(120_000);
    await adjust(ctx.db, { phone: m.phone, amount: '5', reason: 'Goodwill', direction: 'credit', at: ctx.clock() });
    const earlyBank = await withdraw(m, 'BANK');
    const inIndia = `timeZone=${encodeURIComponent(KOLKATA)}`;

    // The month before the edge: the first funds and the USDT withdrawal; after it: the adjustment and the bank withdrawal.
    const monthBefore = await records(m, `month=${before}&${inIndia}`);
    expect(monthBefore.list.map((r: { type: string; description: string }) => [r.type, r.description])).toEqual([
      ['Withdrawal', 'Withdrawal to 0x5290840009852...169EE7'],
      ['Adjustment', 'Test funds'],
    ]);
    const monthAfter = await records(m, `month=${after}&${inIndia}`);
    expect(monthAfter.total).toBe(2);
    expect(monthAfter.list.map((r: { type: string }) => r.type)).toEqual(['Withdrawal', 'Adjustment']);
    // Kind and month together; the kind's number works as before.
    expect((await records(m, `type=Adjustment&month=${after}&${inIndia}`)).list).toEqual([expect.objectContaining({ type: 'Adjustment', description: 'Goodwill' })]);
    expect((await records(m, `type=2&month=${after}&${inIndia}`)).list).toEqual([expect.objectContaining({ type: 'Withdrawal', description: 'Withdrawal to ****9012' })]);
    expect(await records(m, `type=Recharge&month=${after}&${inIndia}`)).toEqual({ total: 0, list: [] });
    // Paging is unchanged: one row a page, the same total.
    const firstPage = await records(m, `month=${after}&${inIndia}&pageNum=1&pageSize=1`);
    const secondPage = await records(m, `month=${after}&${inIndia}&pageNum=2&pageSize=1`);
    expect([firstPage.total, firstPage.list.length, secondPage.list[0].type]).toEqual([2, 1, 'Adjustment']);

    // The same minutes in UTC are all still in the old month (India is 5:30 ahead).
    if (monthIn(new Date(edge.getTime() + 60_000), 'UTC') === before) {
      expect((await records(m, `month=${before}&timeZone=UTC`)).total).toBe(4);
      // No zone sent and none saved: UTC.
      expect((await records(m, `month=${before}`)).total).toBe(4);
    }

    // Withdrawals by channel and month.
    expect((await withdrawals(m, 'channel=BANK')).list.map((w: { id: number }) => w.id)).toEqual([earlyBank]);
    expect((await withdrawals(m, `month=${before}&${inIndia}`)).list.map((w: { id: number }) => w.id)).toEqual([lateUsdt]);
    expect(await withdrawals(m, `channel=USDT&month=${after}&${inIndia}`)).toEqual({ total: 0, list: [] });
    expect((await withdrawals(m, '')).total).toBe(2);

    // Another member's filters see only their own records.
    expect((await records(other, `month=${before}&${inIndia}`)).list).toEqual([expect.objectContaining({ type: 'Adjustment', description: 'Test funds' })]);
    expect(await records(other, `month=${after}&${inIndia}`)).toEqual({ total: 0, list: [] });
    expect(await withdrawals(other, `month=${before}&${inIndia}`)).toEqual({ total: 0, list: [] });

    for (const id of [lateUsdt, earlyBank]) await rejectWithdrawal(ctx.db, { id, reason: 'Cleanup', at: ctx.clock(), ...AS_STAFF });
  });

  it('refuses an unknown kind, a malformed month or an unknown zone with a clear message in the caller\'s language', async () => {
    const m = await signedInMember(ctx, '1');
    const refusal = async (url: string, language = 'en_US') => {
      const reply = await get(url, m, { language });
      return [reply.statusCode, reply.json().msg];
    };
    const kind = 'There is no such kind of record';
    const month = 'Choose a month as year and month, for example 2026-11';
    expect(await refusal('/api/assets/user/record?type=Nonsense')).toEqual([400, kind]);
    expect(await refusal('/api/assets/user/record?type=Nonsense', 'hi_IN')).toEqual([400, 'इस प्रकार का कोई रिकॉर्ड नहीं है']);
    expect(await refusal('/api/assets/user/withrecord?channel=CASH')).toEqual([400, kind]);
    for (const bad of ['2026-13', '2026-00', '2026-1', '11-2026', '2026-11-01']) {
      expect(await refusal(`/api/assets/user/record?month=${bad}`)).toEqual([400, month]);
      expect(await refusal(`/api/assets/user/withrecord?month=${bad}`)).toEqual([400, month]);
    }
    expect(await refusal('/api/assets/user/record?month=2026-11', 'de_DE')).toEqual([200, expect.any(String)]);
    expect(await refusal('/api/assets/user/record?month=2026-11&timeZone=Mars%2FOlympus')).toEqual([400, 'Your time zone could not be recognised']);
    // Without a session: nothing to filter.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/assets/user/record?month=2026-11' })).statusCode).toBe(401);
  });
});
