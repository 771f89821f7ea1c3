import { parseAmount } from '@rigshare/domain';
import { grantTeamRewards } from '../src/jobs/team-rewards';
import { fundRewardsBudget, grantReward, payPendingRewards, rewardProblems, rewardsBudget } from '../src/jobs/rewards';
import { memberBalances, platformAccountId } from '../src/ledger/accounts';
import { adjust } from '../src/ledger/operator';
import { addProduct, asMember, getAs, ledgerCheckedApp, MANY_MEMBERS, post, signedInMember, testDatabases, type TestMember } from './helpers';

/**
 * Rewards paid into rewards payable, one transfer a payout (docs/ledger.md, "Rewards: one transfer a
 * payout"): the member sees them in their balance and records at once, and whatever takes from that
 * balance collects them first, each reward once however many debits race.
 */
const usdt = (text: string) => parseAmount(text);
let seq = 0;

describe.each(testDatabases())('rewards through rewards payable on %s', (name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS, { alsoCheck: [rewardProblems] });

  const buy = (member: TestMember, productId: number) =>
    post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: String(productId), quantity: '1', requestId: `owed-${process.pid}-${++seq}` }, asMember(member.token));
  const balance = async (member: TestMember) => (await getAs(ctx, '/api/assets/user/balance', member.token)).json().data.available;
  const ownAccount = async (member: TestMember) =>
    BigInt(
      (await ctx.db.kysely.selectFrom('ledger_accounts').select('balance').where('owner_user_id', '=', member.id).where('kind', '=', 'member.available').executeTakeFirst())
        ?.balance ?? 0,
    );
  const payable = async () => {
    const id = await platformAccountId(ctx.db.kysely, 'platform.rewards_payable');
    return BigInt((await ctx.db.kysely.selectFrom('ledger_accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  };
  /** `count` sign-in rewards of `each` for the member, paid at once from a budget funded for them. */
  async function owe(member: TestMember, count: number, each: string) {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) {
        await grantReward(trx, { userId: member.id, kind: 'signin', sourceKey: `owed:${process.pid}:${++seq}`, amount: usdt(each), at: ctx.clock() });
      }
    });
    const { pendingTotal, balance: inBudget } = await rewardsBudget(ctx.db.kysely);
    if (pendingTotal > inBudget) await fundRewardsBudget(ctx.db, { amount: String(Number(pendingTotal - inBudget) / 1e6), reason: 'Rewards for the test', at: ctx.clock() });
    expect((await payPendingRewards(ctx.db, ctx.clock())).pending).toBe(0);
  }

  it('shows paid rewards in the balance at once and lets the member spend them: the purchase collects them first', async () => {
    const productId = await addProduct(ctx, { price: '3', dayReturn: '0.1', validDays: 10, offered: 1000 });
    const member = await signedInMember(ctx);
    const payableBefore = await payable();
    await owe(member, 3, '1');
    // Owed from rewards payable, nothing in the member's own account yet: the app shows 3.
    expect(await balance(member)).toBe(usdt('3').toString());
    expect(await ownAccount(member)).toBe(0n);
    expect((await payable()) - payableBefore).toBe(usdt('3'));

    expect((await buy(member, productId)).json().code).toBe(200);
    expect(await balance(member)).toBe('0');
    expect((await payable()) - payableBefore).toBe(0n);
    const collected = await ctx.db.kysely.selectFrom('rewards').select('collect_key').where('user_id', '=', member.id).execute();
    expect(new Set(collected.map((r) => r.collect_key)).size).toBe(1);
    expect(collected[0]!.collect_key).toMatch(new RegExp(`^rewards-collect:${member.id}:`));
    // Three reward records, the purchase and its free first day; the collection is inside them, no record of its own.
    const records = (await getAs(ctx, '/api/assets/user/record?pageNum=1&pageSize=20', member.token)).json().data;
    expect(records.list.map((r: { type: string; amount: string }) => [r.type, r.amount])).toEqual([
      ['Bonus', usdt('0.1').toString()],
      ['Buy Machine', usdt('-3').toString()],
      ['Bonus', usdt('1').toString()],
      ['Bonus', usdt('1').toString()],
      ['Bonus', usdt('1').toString()],
    ]);
    expect(records.total).toBe(5);
  });

  it('collects each reward once when a burst of purchases races for them', async () => {
    const productId = await addProduct(ctx, { price: '1', dayReturn: '0.01', validDays: 10, offered: 1000 });
    const member = await signedInMember(ctx, '1');
    await owe(member, 4, '1');
    expect(await balance(member)).toBe(usdt('5').toString());
    const answers = await Promise.all(Array.from({ length: 8 }, () => buy(member, productId)));
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(await balance(member)).toBe('0');
    expect(await memberBalances(ctx.db.kysely, member.id)).toMatchObject({ 'member.available': 0n });
    const owed = await ctx.db.kysely.selectFrom('rewards').select('collect_key').where('user_id', '=', member.id).where('collect_key', 'is', null).execute();
    expect(owed).toEqual([]);
    // The ledger check after each test proves each collection moved exactly the rewards it marked.
  });

  it('collects owed rewards before a staff debit, which may then take them', async () => {
    const member = await signedInMember(ctx);
    await owe(member, 2, '1.5');
    await expect(adjust(ctx.db, { memberId: member.id, amount: '3.5', reason: 'Too much', direction: 'debit', at: ctx.clock() })).rejects.toThrow(/below zero/);
    // Refused and rolled back: still owed, nothing collected.
    expect(await ownAccount(member)).toBe(0n);
    expect(await balance(member)).toBe(usdt('3').toString());
    const debited = await adjust(ctx.db, { memberId: member.id, amount: '2', reason: 'Reward granted by mistake', direction: 'debit', at: ctx.clock() });
    expect(debited.balanceAfter).toBe(usdt('1'));
    expect(await balance(member)).toBe(usdt('1').toString());
  });

  it('reports a reward whose member does not exist: the database refuses it (SQLite) or the check finds it (PostgreSQL)', async () => {
    const stray = { user_id: 2_000_000_000, kind: 'signin', source_key: `stray:${process.pid}:${++seq}`, amount: 1, status: 'Pending', created_at: ctx.clock().toISOString() };
    if (name !== 'postgres') {
      await expect(ctx.db.kysely.insertInto('rewards').values(stray).execute()).rejects.toThrow(/FOREIGN KEY/);
      return;
    }
    const { id } = await ctx.db.kysely.insertInto('rewards').values(stray).returning('id').executeTakeFirstOrThrow();
    try {
      expect(await rewardProblems(ctx.db.kysely)).toContain(`reward ${id} names member 2000000000 or team member null, one of whom does not exist`);
    } finally {
      await ctx.db.kysely.deleteFrom('rewards').where('id', '=', id).execute();
    }
  });

  it('queues a team grant behind rewards that wait for the budget, then pays them in the order earned', async () => {
    // Empty the budget with an earlier reward that it cannot cover.
    await payPendingRewards(ctx.db, ctx.clock());
    const { balance: left } = await rewardsBudget(ctx.db.kysely);
    const early = await signedInMember(ctx);
    const waiting = await ctx.db.kysely.transaction().execute((trx) =>
      grantReward(trx, { userId: early.id, kind: 'signin', sourceKey: `waits:${process.pid}:${++seq}`, amount: left + usdt('1'), at: ctx.clock() }),
    );
    expect((await payPendingRewards(ctx.db, ctx.clock())).pending).toBe(1);

    // A buys under their inviter: the referral grant finds a reward waiting and queues.
    const productId = await addProduct(ctx, { price: '10', dayReturn: '0.1', validDays: 10, offered: 1000 });
    const inviter = await signedInMember(ctx);
    const buyer = await signedInMember(ctx, '10');
    await ctx.db.kysely.updateTable('users').set({ inviter_id: inviter.id }).where('id', '=', buyer.id).execute();
    expect((await buy(buyer, productId)).json().code).toBe(200);
    const granted = await grantTeamRewards(ctx.db, ctx.clock());
    expect(granted.referral).toBeGreaterThan(0);
    const referral = await ctx.db.kysely.selectFrom('rewards').select(['id', 'status', 'amount']).where('user_id', '=', inviter.id).executeTakeFirstOrThrow();
    expect(referral.status).toBe('Pending');
    expect(await balance(inviter)).toBe('0');

    // Funding what waits pays the earlier one first, then the referral, each into rewards payable.
    const { balance: inBudget, pendingTotal } = await rewardsBudget(ctx.db.kysely);
    await fundRewardsBudget(ctx.db, { amount: String(Number(pendingTotal - inBudget) / 1e6), reason: 'Top-up', at: ctx.clock() });
    const statuses = await ctx.db.kysely.selectFrom('rewards').select(['id', 'status']).where('id', 'in', [waiting!.id, referral.id]).orderBy('id').execute();
    expect(statuses.map((r) => r.status)).toEqual(['Paid', 'Paid']);
    expect(await balance(inviter)).toBe(BigInt(referral.amount).toString());
  });
});
