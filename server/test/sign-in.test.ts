import { localDay } from '@rigshare/domain';
import { fundRewardsBudget, payPendingRewards, rewardProblems, rewardsBudget } from '../src/jobs/rewards';
import { grantReward } from '../src/jobs/rewards';
import { memberBalances } from '../src/ledger/accounts';
import { setRewardSetting } from '../src/settings/reward-settings';
import { asMember, ledgerCheckedApp, MANY_MEMBERS, post, signedInMember, testDatabases } from './helpers';

const DAY_MS = 86_400_000;

describe.each(testDatabases())('daily sign-in and register reward on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS, { alsoCheck: [rewardProblems] });

  const sign = (token: string, timeZone = 'Asia/Kolkata', headers: Record<string, string> = {}) =>
    post(ctx.app, '/api/user/app/user/sign', { timeZone }, asMember(token, headers));
  /** What the member sees as available: their account and the rewards owed to them from rewards payable. */
  const available = async (userId: number) => (await memberBalances(ctx.db.kysely, userId))['member.available'];

  it('counts concurrent sign-ins of one day once, waits on an empty budget, is paid after funding, and keeps the streak', async () => {
    await setRewardSetting(ctx.db.kysely, { name: 'signin', value: '0.5', by: 'test', reason: 'test', at: ctx.clock() });
    // Empty the budget so the bonus has to wait for it.
    const { balance } = await rewardsBudget(ctx.db.kysely);
    if (balance > 0n) {
      const sink = await signedInMember(ctx);
      await ctx.db.kysely.transaction().execute((trx) => grantReward(trx, { userId: sink.id, kind: 'video', sourceKey: `sink:${process.pid}`, amount: balance, at: ctx.clock() }));
      await payPendingRewards(ctx.db, ctx.clock());
    }
    const m = await signedInMember(ctx);
    const replies = await Promise.all(Array.from({ length: 8 }, () => sign(m.token)));
    const codes = replies.map((r) => r.json().code).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const ok = replies.find((r) => r.json().code === 200)!.json();
    expect(ok).toMatchObject({ msg: 'Signed in', data: { day: localDay(ctx.clock(), 'Asia/Kolkata'), timeZone: 'Asia/Kolkata', amount: '500000', status: 'Pending', streak: 1 } });
    expect(replies.find((r) => r.json().code === 409)!.json().msg).toBe('You have already signed in today');
    expect((await sign(m.token, 'Asia/Kolkata', { language: 'de_DE' })).json().msg).toBe('Sie haben sich heute bereits angemeldet');
    // Another time zone later the same day does not give a second day: the first sign-in fixed the zone.
    expect((await sign(m.token, 'Pacific/Kiritimati')).json().code).toBe(409);
    expect(await ctx.db.kysely.selectFrom('sign_ins').select('day').where('user_id', '=', m.id).execute()).toHaveLength(1);
    expect(await available(m.id)).toBe(0n);

    await fundRewardsBudget(ctx.db, { amount: '10', reason: 'Sign-in budget', at: ctx.clock() });
    expect(await available(m.id)).toBe(500_000n);
    const status = (await post(ctx.app, '/api/user/app/user/queryTodaySignStatus', { timeZone: 'UTC' }, asMember(m.token))).json().data;
    expect(status).toMatchObject({ timeZone: 'Asia/Kolkata', signedToday: true, streak: 1, bonus: '500000' });

    ctx.advance(DAY_MS);
    const second = (await sign(m.token)).json();
    expect(second).toMatchObject({ code: 200, data: { status: 'Paid', streak: 2 } });
    expect(await available(m.id)).toBe(1_000_000n);
    const month = second.data.day.slice(0, 7);
    const record = (await post(ctx.app, '/api/user/app/user/querySignRecord', { month }, asMember(m.token))).json().data;
    expect(record.days.map((d: { day: string }) => d.day)).toContain(second.data.day);
    expect(record.days.every((d: { status: string }) => d.status === 'Paid')).toBe(true);
  });

  it('pays the register reward once however many claims arrive at once, and lists it in the reward centre', async () => {
    await setRewardSetting(ctx.db.kysely, { name: 'register', value: '1', by: 'test', reason: 'test', at: ctx.clock() });
    await fundRewardsBudget(ctx.db, { amount: '5', reason: 'Register rewards', at: ctx.clock() });
    const m = await signedInMember(ctx);
    const query = async () => (await ctx.app.inject({ method: 'GET', url: '/api/user/registerReward/query', headers: asMember(m.token) })).json().data;
    expect(await query()).toEqual({ amount: '1000000', claimed: false, status: null });
    const claims = await Promise.all(Array.from({ length: 6 }, () => post(ctx.app, '/api/user/registerReward/receive', {}, asMember(m.token))));
    expect(claims.map((r) => r.json().code).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(claims.find((r) => r.json().code === 200)!.json()).toMatchObject({ msg: 'Reward claimed', data: { claimed: true, status: 'Paid' } });
    expect(claims.find((r) => r.json().code === 409)!.json().msg).toBe('You have already claimed your register reward');
    expect(await query()).toEqual({ amount: '1000000', claimed: true, status: 'Paid' });
    expect(await available(m.id)).toBe(1_000_000n);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/user/reward/list?pageNum=1&pageSize=10', headers: asMember(m.token) })).json().data;
    expect(list).toEqual({ total: 1, list: [expect.objectContaining({ kind: 'register', amount: '1000000', status: 'Paid', from: null })] });
    expect((await getAsRecords(m.token)).list[0]).toMatchObject({ type: 'Invite Bonus', description: 'Register reward' });
  });

  const getAsRecords = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/assets/user/record?type=Invite%20Bonus', headers: asMember(token) })).json().data;

  it('refuses an unknown time zone and a malformed month, and changes nothing', async () => {
    const m = await signedInMember(ctx);
    const bad = await sign(m.token, 'Mars/Olympus');
    expect(bad.json()).toMatchObject({ code: 400, msg: 'Your time zone could not be recognised' });
    expect((await post(ctx.app, '/api/user/app/user/querySignRecord', { month: '2026-13' }, asMember(m.token))).statusCode).toBe(400);
    expect(await ctx.db.kysely.selectFrom('sign_ins').select('id').where('user_id', '=', m.id).execute()).toEqual([]);
    expect(await ctx.db.kysely.selectFrom('member_time_zones').select('user_id').where('user_id', '=', m.id).execute()).toEqual([]);
  });
});
