import { parseAmount } from '@rigshare/domain';
import { runAccrual } from '../src/jobs/accrual';
import { fundRewardsBudget, rewardProblems } from '../src/jobs/rewards';
import { grantTeamRewards, runTeamRewards } from '../src/jobs/team-rewards';
import { setRewardSetting } from '../src/settings/reward-settings';
import { adjust, fundPool } from '../src/ledger/operator';
import { getAs, ledgerCheckedApp, login, MANY_MEMBERS, post, registerMember, testDatabases, type TestMember, e164 } from './helpers';

const DAY_MS = 86_400_000;
let seq = 0;

describe.each(testDatabases())('team and referral rewards on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS, { alsoCheck: [rewardProblems] });

  /** A member registered through `inviteCode` (the upline is fixed at registration) and logged in. */
  async function member(inviteCode = 'RIGSHARE'): Promise<TestMember & { code: string }> {
    const phone = `8${String(process.pid % 100_000).padStart(5, '0')}${String(++seq).padStart(4, '0')}`;
    expect((await registerMember(ctx, phone, 'Member123', inviteCode)).json().code).toBe(200);
    const token = await login(ctx, phone, 'Member123');
    const row = await ctx.db.kysely.selectFrom('users').select(['id', 'invite_code']).where('phone', '=', e164(phone)).executeTakeFirstOrThrow();
    return { phone, token, id: row.id, code: row.invite_code };
  }
  const set = (name: string, value: string) => setRewardSetting(ctx.db.kysely, { name, value, by: 'test', reason: 'test rates', at: ctx.clock() });
  const info = async (m: TestMember) => (await getAs(ctx, '/api/user/team/info', m.token)).json().data;
  const rewardsOf = (userId: number) =>
    ctx.db.kysely.selectFrom('rewards').select(['kind', 'level', 'amount', 'status', 'from_user_id']).where('user_id', '=', userId).orderBy('id').execute();

  it('pays the referral bonus of a purchase to three levels up, once, at the configured rates (0 pays nothing)', async () => {
    await set('referral_a', '5');
    await set('referral_b', '0');
    await set('referral_c', '1');
    await set('team_a', '3');
    await set('team_b', '0');
    await set('team_c', '0');
    await fundRewardsBudget(ctx.db, { amount: '1000', reason: 'Team rewards budget', at: ctx.clock() });
    const root = await member();
    const a = await member(root.code);
    const b = await member(a.code);
    const c = await member(b.code);
    const d = await member(c.code);
    await adjust(ctx.db, { phone: e164(d.phone), amount: '10000', reason: 'Test funds', direction: 'credit', at: ctx.clock() });
    const bought = await post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: '1', quantity: '1', requestId: `team-${process.pid}-${seq}` }, { 'x-access-token': d.token });
    expect(bought.json().code).toBe(200);
    const order = await ctx.db.kysely.selectFrom('orders').select('amount').where('user_id', '=', d.id).executeTakeFirstOrThrow();
    const price = BigInt(order.amount);

    // Two servers' jobs at once, then a retry: each (order, level) is granted and paid once.
    const other = ctx.reopen();
    try {
      await Promise.all([runTeamRewards(ctx.db, ctx.clock()), runTeamRewards(other, ctx.clock())]);
    } finally {
      await other.kysely.destroy();
    }
    expect(await grantTeamRewards(ctx.db, ctx.clock())).toEqual({ referral: 0, team: 0 });
    // The budget covered them, so they were paid as they were granted: the rewarded members' live channels
    // hear once that they were paid (the job that lost the race granted nothing); nobody else hears.
    const rewardEvents = async (userId: number) =>
      (await ctx.db.kysely.selectFrom('events').select('data').where('topic', '=', 'reward').where('member_id', '=', userId).orderBy('id').execute()).map((e) => JSON.parse(e.data).status);
    for (const rewarded of [c, a]) expect(await rewardEvents(rewarded.id)).toEqual(['paid']);
    expect(await rewardEvents(b.id)).toEqual([]);
    expect(await rewardEvents(d.id)).toEqual([]);

    expect(await rewardsOf(c.id)).toEqual([{ kind: 'referral', level: 'A', amount: expect.anything(), status: 'Paid', from_user_id: d.id }]);
    expect(BigInt((await rewardsOf(c.id))[0].amount)).toBe((price * 500n) / 10_000n);
    expect(await rewardsOf(b.id)).toEqual([]); // level B rate 0
    expect(await rewardsOf(a.id)).toEqual([{ kind: 'referral', level: 'C', amount: expect.anything(), status: 'Paid', from_user_id: d.id }]);
    expect(BigInt((await rewardsOf(a.id))[0].amount)).toBe((price * 100n) / 10_000n);
    expect(await rewardsOf(root.id)).toEqual([]); // four levels up: none

    // Team info and lists as A sees them.
    const aInfo = await info(a);
    expect(aInfo).toMatchObject({
      inviteCode: a.code,
      shareUrl: expect.stringContaining(encodeURIComponent(a.code)),
      counts: { A: 1, B: 1, C: 1 },
      reward: { paid: ((price * 100n) / 10_000n).toString(), pending: '0' },
      rates: { referral: { A: 500, B: 0, C: 100 }, team: { A: 300, B: 0, C: 0 } },
    });
    const listC = (await getAs(ctx, '/api/user/team/list-c?pageNum=1&pageSize=10', a.token)).json().data;
    expect(listC).toEqual({
      total: 1,
      list: [
        {
          id: d.id,
          phone: `${d.phone.slice(0, 3)}****${d.phone.slice(-2)}`,
          name: expect.any(String),
          joinedAt: expect.any(String),
          activeRental: true,
          reward: ((price * 100n) / 10_000n).toString(),
        },
      ],
    });
    const listA = (await getAs(ctx, '/api/user/team/list-a', a.token)).json().data;
    expect(listA.list).toEqual([expect.objectContaining({ id: b.id, activeRental: false, reward: '0' })]);
    expect((await getAs(ctx, '/api/user/team/list-b?pageNum=2', a.token)).json().data).toEqual({ total: 1, list: [] });

    // Team Benefits: D's second day of income pays C (level A, 3 %) and nobody else (rates 0).
    await fundPool(ctx.db, { amount: '100000', reason: 'Mining revenue', at: ctx.clock() });
    ctx.advance(2 * DAY_MS + 60_000); // day 1 of a first order was paid at once (a Bonus); day 2 is Daily Income
    const accrued = await runAccrual(ctx.db, ctx.clock());
    expect(accrued.paidDays).toBeGreaterThan(0);
    expect((await runTeamRewards(ctx.db, ctx.clock())).team).toBe(1);
    const cRewards = await rewardsOf(c.id);
    expect(cRewards.map((r) => [r.kind, r.level, r.status])).toEqual([
      ['referral', 'A', 'Paid'],
      ['team', 'A', 'Paid'],
    ]);
    expect((await getAs(ctx, '/api/assets/user/record?type=Team%20Benefits', c.token)).json().data.total).toBe(1);

    // Invitation centre as A sees it: one member per floor, the rates, and what each floor earned A.
    const floors = (await post(ctx.app, '/api/user/share/invited/floor/num', {}, { 'x-access-token': a.token })).json().data.floors;
    expect(floors).toEqual([
      { floor: 1, level: 'A', count: 1, referralRate: 500, teamRate: 300, reward: '0' },
      { floor: 2, level: 'B', count: 1, referralRate: 0, teamRate: 0, reward: '0' },
      { floor: 3, level: 'C', count: 1, referralRate: 100, teamRate: 0, reward: ((price * 100n) / 10_000n).toString() },
    ]);
    const floor3 = (await post(ctx.app, '/api/user/share/invited/floor', { floor: '3', pageNum: '1', pageSize: '10' }, { 'x-access-token': a.token })).json().data;
    expect(floor3).toEqual(listC);
    const floor2 = (await post(ctx.app, '/api/user/share/invited/floor', { floor: '2', pageNum: '1', pageSize: '10' }, { 'x-access-token': a.token })).json().data;
    expect(floor2.list.map((m: { id: number }) => m.id)).toEqual([c.id]);
    expect((await post(ctx.app, '/api/user/share/invited/floor', { floor: '4', pageNum: '1', pageSize: '10' }, { 'x-access-token': a.token })).statusCode).toBe(400);
    expect((await post(ctx.app, '/api/user/share/invited/floor', { floor: '1', pageNum: '1', pageSize: '101' }, { 'x-access-token': a.token })).statusCode).toBe(400);

    // Lower-level income as C sees it: Team Benefits and Referral Bonus, newest first, from D at level A;
    // the sign-in and register rewards are not lower-level income.
    await post(ctx.app, '/api/user/registerReward/receive', {}, { 'x-access-token': c.token });
    const income = (await getAs(ctx, '/api/user/team/income?pageNum=1&pageSize=10', c.token)).json().data;
    expect(income.total).toBe(2);
    expect(income.list.map((r: { kind: string; level: string; from: string; status: string }) => [r.kind, r.level, r.from, r.status])).toEqual([
      ['team', 'A', `${d.phone.slice(0, 3)}****${d.phone.slice(-2)}`, 'Paid'],
      ['referral', 'A', `${d.phone.slice(0, 3)}****${d.phone.slice(-2)}`, 'Paid'],
    ]);
    const referralOnly = (await getAs(ctx, '/api/user/team/income?kind=referral&pageNum=1&pageSize=1', c.token)).json().data;
    expect(referralOnly).toMatchObject({ total: 1, list: [{ kind: 'referral', level: 'A' }] });
    expect((await getAs(ctx, '/api/user/team/income?pageNum=2&pageSize=1', c.token)).json().data.list.map((r: { kind: string }) => r.kind)).toEqual(['referral']);
    expect((await getAs(ctx, '/api/user/team/income?kind=signin', c.token)).statusCode).toBe(400);
    expect((await getAs(ctx, '/api/user/team/income', root.token)).json().data).toEqual({ total: 0, list: [] });
  });

  it('pages a list newest first, each page with its own members only (the ids are paged before the lookups)', async () => {
    const root = await member();
    const a = await member(root.code);
    const b1 = await member(a.code);
    const b2 = await member(a.code);
    const b3 = await member(a.code);
    const page = async (n: number) => (await getAs(ctx, `/api/user/team/list-b?pageNum=${n}&pageSize=2`, root.token)).json().data;
    const first = await page(1);
    expect(first.total).toBe(3);
    expect(first.list.map((m: { id: number }) => m.id)).toEqual([b3.id, b2.id]);
    expect(first.list[0]).toMatchObject({ activeRental: false, reward: '0' });
    expect(first.list[0].phone).toMatch(new RegExp(`^${b3.phone.slice(0, 3)}\\D+${b3.phone.slice(-2)}$`));
    expect((await page(2)).list.map((m: { id: number }) => m.id)).toEqual([b1.id]);
    expect((await page(3)).list).toEqual([]);
  });

  it('refuses page sizes over 100 and page numbers below 1, and needs a session', async () => {
    const m = await member();
    expect((await getAs(ctx, '/api/user/team/list-a?pageSize=101', m.token)).statusCode).toBe(400);
    expect((await getAs(ctx, '/api/user/team/list-b?pageNum=0', m.token)).statusCode).toBe(400);
    expect((await getAs(ctx, '/api/user/team/list-c?pageNum=x', m.token)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/team/info' })).json().code).toBe(401);
    expect(await info(m)).toMatchObject({ counts: { A: 0, B: 0, C: 0 }, reward: { paid: '0', pending: '0' } });
  });

  it('records who changed a rate and why, and refuses rates out of range', async () => {
    await expect(set('referral_a', '101')).rejects.toThrow('Out of range');
    await expect(set('nosuch', '1')).rejects.toThrow('No setting nosuch');
    await expect(setRewardSetting(ctx.db.kysely, { name: 'signin', value: '0.2', by: 'ops', reason: ' ', at: ctx.clock() })).rejects.toThrow('A reason is required');
    await setRewardSetting(ctx.db.kysely, { name: 'signin', value: '0.2', by: 'ops lead', reason: 'Summer promotion', at: ctx.clock() });
    const change = await ctx.db.kysely.selectFrom('reward_setting_changes').selectAll().where('name', '=', 'signin').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ changed_by: 'ops lead', reason: 'Summer promotion' });
    expect(BigInt(change.new_value)).toBe(parseAmount('0.2'));
  });
});
