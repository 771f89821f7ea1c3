import { parseAmount, maskPhone } from '@rigshare/domain';
import SQLite from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { fundRewardsBudget, grantReward, payPendingRewards, rewardProblems, rewardsBudget, type RewardGrant } from '../src/jobs/rewards';
import { memberBalances, platformAccountId } from '../src/ledger/accounts';
import { OperatorError } from '../src/operator-error';
import { getAs, ledgerCheckedApp, MANY_MEMBERS, runAdmin, seededDataDir, signedInMember, testDatabases } from './helpers';

const usdt = (text: string) => parseAmount(text);
let keySeq = 0;

describe.each(testDatabases())('rewards budget on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS, { alsoCheck: [rewardProblems] });

  const grant = (userId: number, amount: string, extra: Partial<RewardGrant> = {}) =>
    ctx.db.kysely.transaction().execute((trx) =>
      grantReward(trx, { userId, kind: 'signin', sourceKey: `test:${process.pid}:${++keySeq}`, amount: usdt(amount), at: ctx.clock(), ...extra }),
    );
  /** What the member sees as available: their account and the rewards owed to them from rewards payable. */
  const available = async (userId: number) => (await memberBalances(ctx.db.kysely, userId))['member.available'];
  const statusOf = async (id: number) =>
    (await ctx.db.kysely.selectFrom('rewards').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  /** Empties whatever earlier tests left in the budget: pays the waiting rewards with a fresh grant of exactly the rest. */
  async function drainBudget() {
    await payPendingRewards(ctx.db, ctx.clock());
    const { balance, pendingCount } = await rewardsBudget(ctx.db.kysely);
    expect(pendingCount).toBe(0);
    if (balance > 0n) {
      const sink = await signedInMember(ctx);
      await ctx.db.kysely.transaction().execute((trx) =>
        grantReward(trx, { userId: sink.id, kind: 'signin', sourceKey: `drain:${process.pid}:${++keySeq}`, amount: balance, at: ctx.clock() }),
      );
      expect((await payPendingRewards(ctx.db, ctx.clock())).paid).toBe(1);
    }
    expect((await rewardsBudget(ctx.db.kysely)).balance).toBe(0n);
  }

  it('waits on an empty budget ("pending"), then pays in the order earned as staff fund it, never below zero', async () => {
    await drainBudget();
    const [a, b] = [await signedInMember(ctx), await signedInMember(ctx)];
    const first = (await grant(a.id, '3'))!;
    const second = (await grant(b.id, '1'))!;
    expect(await payPendingRewards(ctx.db, ctx.clock())).toEqual({ paid: 0, total: 0n, pending: 2 });
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['Pending', 'Pending']);
    expect(await available(a.id)).toBe(0n);

    // 2 USDT cover the second (1) but not the first (3): the later, smaller reward does not overtake.
    const partial = await fundRewardsBudget(ctx.db, { amount: '2', reason: 'Marketing budget, week 1', at: ctx.clock() });
    expect(partial.payout).toEqual({ paid: 0, total: 0n, pending: 2 });
    expect(await available(b.id)).toBe(0n);

    const more = await fundRewardsBudget(ctx.db, { amount: '2', reason: 'Marketing budget, week 1 top-up', at: ctx.clock() });
    expect(more.payout).toEqual({ paid: 2, total: usdt('4'), pending: 0 });
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['Paid', 'Paid']);
    expect(await available(a.id)).toBe(usdt('3'));
    expect(await available(b.id)).toBe(usdt('1'));
    expect((await rewardsBudget(ctx.db.kysely)).balance).toBe(0n);

    // The money came from the budget into rewards payable, one transfer for the payout's two rewards, and
    // the budget from staff funding with the stated reason.
    const budget = await platformAccountId(ctx.db.kysely, 'platform.rewards_budget');
    const payable = await platformAccountId(ctx.db.kysely, 'platform.rewards_payable');
    const runs = await ctx.db.kysely.selectFrom('rewards').select('paid_run_id').where('id', 'in', [first.id, second.id]).execute();
    expect(new Set(runs.map((r) => r.paid_run_id)).size).toBe(1);
    const paid = await ctx.db.kysely
      .selectFrom('ledger_transfers')
      .select(['debit_account_id', 'credit_account_id', 'type', 'amount'])
      .where('idempotency_key', '=', `rewards-run:${runs[0]!.paid_run_id}`)
      .executeTakeFirstOrThrow();
    expect({ ...paid, amount: BigInt(paid.amount) }).toEqual({ debit_account_id: budget, credit_account_id: payable, type: 'Rewards Payable', amount: usdt('4') });
    const funding = await ctx.db.kysely.selectFrom('ledger_transfers').select(['reason', 'type']).where('idempotency_key', '=', more.transfer.key).executeTakeFirstOrThrow();
    expect(funding).toEqual({ reason: 'Marketing budget, week 1 top-up', type: 'Rewards Budget' });
  });

  it('pays many members and kinds in one run, oldest first up to what the budget covers, each with its own record, one message a member', async () => {
    await drainBudget();
    // a and b have never had money (no ledger accounts yet); c holds 5 USDT.
    const [a, b, c] = [await signedInMember(ctx), await signedInMember(ctx), await signedInMember(ctx, '5')];
    const earned = [
      { member: a, amount: '1', kind: 'signin' },
      { member: b, amount: '2', kind: 'referral', level: 'A', fromUserId: c.id },
      { member: c, amount: '1.5', kind: 'team', level: 'B' },
      { member: a, amount: '0.5', kind: 'video' },
      { member: b, amount: '3', kind: 'register' },
      { member: c, amount: '1', kind: 'joingroup' },
    ] as const;
    const ids: number[] = [];
    for (const { member, amount, ...extra } of earned) ids.push((await grant(member.id, amount, extra))!.id);

    // 6 USDT cover the first four (5 USDT); the fifth (3) waits, and the sixth (1) does not overtake it.
    const first = await fundRewardsBudget(ctx.db, { amount: '6', reason: 'Weekly rewards', at: ctx.clock() });
    expect(first.payout).toEqual({ paid: 4, total: usdt('5'), pending: 2 });
    expect(await Promise.all(ids.map(statusOf))).toEqual(['Paid', 'Paid', 'Paid', 'Paid', 'Pending', 'Pending']);
    expect([await available(a.id), await available(b.id), await available(c.id)]).toEqual([usdt('1.5'), usdt('2'), usdt('6.5')]);

    // Each reward is its own record of its kind's type; the payout's one transfer went into rewards payable.
    const records = async (member: { token: string }) =>
      (await getAs(ctx, '/api/assets/user/record?pageNum=1&pageSize=20', member.token)).json().data.list.map((r: { type: string; amount: string; status: string }) => [r.type, r.amount, r.status]);
    expect(await records(a)).toEqual([
      ['Bonus', usdt('0.5').toString(), 'Succeeded'],
      ['Bonus', usdt('1').toString(), 'Succeeded'],
    ]);
    expect(await records(b)).toEqual([['Referral Bonus', usdt('2').toString(), 'Succeeded']]);
    expect((await records(c)).slice(0, 1)).toEqual([['Team Benefits', usdt('1.5').toString(), 'Succeeded']]);
    // a was paid two rewards by the payout: one message says both.
    const messages = await getAs(ctx, '/api/push/record?pageNum=1&pageSize=10', a.token);
    expect(messages.json().data.list.map((m: { content: string }) => m.content)).toEqual([
      '2 rewards, 1.50 USDT in all, were paid from the rewards budget into your balance.',
    ]);

    const second = await fundRewardsBudget(ctx.db, { amount: '3', reason: 'Weekly rewards, top-up', at: ctx.clock() });
    expect(second.payout).toEqual({ paid: 2, total: usdt('4'), pending: 0 });
    expect([await available(b.id), await available(c.id)]).toEqual([usdt('5'), usdt('7.5')]);
    expect((await rewardsBudget(ctx.db.kysely)).balance).toBe(0n);
  });

  it('pays more rewards than one transaction holds in one run, still stopping at the first it cannot cover', async () => {
    await drainBudget();
    const [a, b] = [await signedInMember(ctx), await signedInMember(ctx)];
    // 502 rewards of 0.01 USDT: a transaction pays at most 500, so the run goes on into a second one.
    const ids = await ctx.db.kysely.transaction().execute(async (trx) => {
      const granted: number[] = [];
      for (let i = 0; i < 502; i++) {
        const member = i % 2 ? b : a;
        granted.push((await grantReward(trx, { userId: member.id, kind: 'signin', sourceKey: `many:${process.pid}:${++keySeq}`, amount: usdt('0.01'), at: ctx.clock() }))!.id);
      }
      return granted;
    });
    const run = await fundRewardsBudget(ctx.db, { amount: '5.01', reason: 'Sign-in rewards', at: ctx.clock() });
    expect(run.payout).toEqual({ paid: 501, total: usdt('5.01'), pending: 1 });
    expect(await statusOf(ids[500])).toBe('Paid');
    expect(await statusOf(ids[501])).toBe('Pending');
    expect([await available(a.id), await available(b.id)]).toEqual([usdt('2.51'), usdt('2.5')]);
    expect((await rewardsBudget(ctx.db.kysely)).balance).toBe(0n);
    // The last one is paid as soon as the budget covers it (and the tests after this start with none waiting).
    const rest = await fundRewardsBudget(ctx.db, { amount: '0.01', reason: 'Sign-in rewards, top-up', at: ctx.clock() });
    expect(rest.payout).toEqual({ paid: 1, total: usdt('0.01'), pending: 0 });
  });

  it('grants a source key once, and pays it once however often payouts run', async () => {
    const a = await signedInMember(ctx);
    const sourceKey = `once:${process.pid}:${++keySeq}`;
    const first = await grant(a.id, '2', { sourceKey, kind: 'register' });
    const again = await grant(a.id, '2', { sourceKey, kind: 'register' });
    expect(first).toEqual({ id: expect.any(Number), created: true });
    expect(again).toEqual({ id: first!.id, created: false });
    expect(await grant(a.id, '0')).toBeNull();
    await fundRewardsBudget(ctx.db, { amount: '2', reason: 'Register rewards', at: ctx.clock() });
    await payPendingRewards(ctx.db, ctx.clock());
    await payPendingRewards(ctx.db, ctx.clock());
    expect(await available(a.id)).toBe(usdt('2'));
    const paid = await ctx.db.kysely.selectFrom('rewards').select(['status', 'paid_run_id']).where('source_key', '=', sourceKey).execute();
    expect(paid).toEqual([{ status: 'Paid', paid_run_id: expect.any(Number) }]);
    expect((await getAs(ctx, '/api/assets/user/record?type=Invite%20Bonus', a.token)).json().data.total).toBe(1);
  });

  it('pays each reward once when payout runs race on two servers', async () => {
    await drainBudget();
    const members = [await signedInMember(ctx), await signedInMember(ctx), await signedInMember(ctx)];
    for (const m of members) await grant(m.id, '1', { kind: 'referral', level: 'A' });
    await fundRewardsBudget(ctx.db, { amount: '10', reason: 'Referral budget', at: ctx.clock() });
    // Funding paid them already; grant three more and race two processes (two pools/handles) over them.
    for (const m of members) await grant(m.id, '1', { kind: 'team', level: 'B' });
    const other = ctx.reopen();
    try {
      const runs = await Promise.all([
        payPendingRewards(ctx.db, ctx.clock()),
        payPendingRewards(other, ctx.clock()),
        payPendingRewards(ctx.db, ctx.clock()),
        payPendingRewards(other, ctx.clock()),
      ]);
      expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(3);
    } finally {
      await other.kysely.destroy();
    }
    for (const m of members) expect(await available(m.id)).toBe(usdt('2'));
    expect((await rewardsBudget(ctx.db.kysely)).balance).toBe(usdt('4'));
    // Each payment told its member once, in their messages (not once per racing run).
    const messages = await getAs(ctx, '/api/push/record?pageNum=1&pageSize=10', members[0].token);
    expect(messages.json().data.list.map((m: { title: string; content: string }) => [m.title, m.content])).toEqual([
      ['Reward paid', 'A reward of 1.00 USDT was paid from the rewards budget into your balance.'],
      ['Reward paid', 'A reward of 1.00 USDT was paid from the rewards budget into your balance.'],
    ]);
  });

  it('shows paid rewards in the wallet records with their type and source, translated', async () => {
    const [a, b] = [await signedInMember(ctx), await signedInMember(ctx)];
    await grant(a.id, '1.5', { kind: 'referral', level: 'B', fromUserId: b.id });
    await grant(a.id, '0.5', { kind: 'signin' });
    await fundRewardsBudget(ctx.db, { amount: '2', reason: 'Rewards', at: ctx.clock() });
    const masked = maskPhone(b.phone);
    const referral = (await getAs(ctx, '/api/assets/user/record?type=Referral%20Bonus', a.token)).json().data;
    expect(referral).toEqual({
      total: 1,
      list: [expect.objectContaining({ type: 'Referral Bonus', amount: usdt('1.5').toString(), description: `Referral bonus (level B) from team member ${masked}` })],
    });
    const bonus = (await getAs(ctx, '/api/assets/user/record?type=Bonus', a.token, { language: 'de_DE' })).json().data;
    expect(bonus.list).toEqual([expect.objectContaining({ type: 'Bonus', amount: usdt('0.5').toString(), description: 'Bonus für die tägliche Anmeldung' })]);
  });

  it('refuses funding without a reason or with a bad amount, and moves nothing', async () => {
    const before = await rewardsBudget(ctx.db.kysely);
    await expect(fundRewardsBudget(ctx.db, { amount: '5', reason: '  ', at: ctx.clock() })).rejects.toThrow(OperatorError);
    await expect(fundRewardsBudget(ctx.db, { amount: '-5', reason: 'x', at: ctx.clock() })).rejects.toThrow('The amount must be positive');
    await expect(fundRewardsBudget(ctx.db, { amount: 'lots', reason: 'x', at: ctx.clock() })).rejects.toThrow('Not an amount');
    expect(await rewardsBudget(ctx.db.kysely)).toEqual(before);
  });
});

describe('npm run admin -- rewards:*', () => {
  // Real admin processes (a node start-up each): give them time under CI load, like admin-cli.test.ts.
  jest.setTimeout(180_000);
  let dir: string;
  beforeAll(async () => {
    dir = await seededDataDir('rigshare-rewards-admin-');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const admin = (...args: string[]) => runAdmin(dir, args);

  it('funds the budget with a stated reason, shows it, and the ledger check passes', async () => {
    expect(await admin('rewards:fund', '25')).toMatchObject({ code: 1, out: expect.stringContaining('A reason is required') });
    expect((await admin('rewards:budget')).out).toContain('rewards budget 0.00 USDT; 0 reward(s) waiting');
    const funded = await admin('rewards:fund', '25', '--reason', 'Launch promotion budget');
    expect(funded.code).toBe(0);
    expect(funded.out).toMatch(/rewards budget funded with 25.00 USDT, transfer T\d+; 0 waiting reward\(s\) paid/);
    expect((await admin('rewards:budget')).out).toContain('rewards budget 25.00 USDT');
    expect((await admin('jobs:rewards')).out).toContain('rewards: 0 referral and 0 team reward(s) granted; 0 paid (0.00 USDT), 0 still waiting');
    expect(await admin('rewards:set', 'referral_a', '7.5', '--by', 'ops lead')).toMatchObject({ code: 1, out: expect.stringContaining('A reason is required') });
    expect((await admin('rewards:set', 'referral_a', '7.5', '--by', 'ops lead', '--reason', 'Launch')).out).toContain('referral_a: 5.00 % -> 7.50 %');
    expect((await admin('rewards:settings')).out).toMatch(/referral_a +7\.50 %[\s\S]*signin +0\.10 USDT/);
    const raw = new SQLite(path.join(dir, 'rigshare.sqlite'), { readonly: true });
    const audit = raw.prepare("SELECT actor, action, target, before_state, after_state, reason FROM audit_log WHERE action = 'reward.set'").all();
    raw.close();
    expect(audit).toEqual([{ actor: 'ops lead', action: 'reward.set', target: 'reward:referral_a', before_state: '5.00 %', after_state: '7.50 %', reason: 'Launch' }]);
    expect(await admin('ledger:check')).toEqual({ code: 0, out: expect.stringContaining('ledger ok') });
  });
});
