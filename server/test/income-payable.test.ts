import { parseAmount } from '@rigshare/domain';
import type { Db } from '../src/db/connect';
import { migrateTo } from '../src/db/migrations';
import { DAY_MS, runAccrual } from '../src/jobs/accrual';
import { memberAccounts, memberBalances, platformAccountId } from '../src/ledger/accounts';
import { checkLedger } from '../src/ledger/check';
import { postOperation } from '../src/ledger/ledger';
import { hashPassword } from '../src/security/password';
import { addProduct, asMember, getAs, ledgerCheckedApp, login, MANY_MEMBERS, post, signedInMember, startApp, type TestContext, testDatabases, type TestMember, e164, withEventsTableOfToday } from './helpers';

/**
 * Daily income paid into one platform account a run (docs/ledger.md, "Daily income: one transfer a run"):
 * what members see of it, what takeouts move, and what a database from before migration 0041 keeps.
 */
const usdt = (text: string) => parseAmount(text).toString();
const pendingIncome = async (ctx: TestContext, member: TestMember) => (await getAs(ctx, '/api/receive/income/summary', member.token)).json().data.pendingIncome;

describe.each(testDatabases())('daily income through income payable on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);

  let requestSeq = 0;
  const buy = (member: TestMember, productId: number, quantity: number) =>
    post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: String(productId), quantity: String(quantity), requestId: `purchase-${process.pid}-${++requestSeq}` }, asMember(member.token));
  const takeout = (member: TestMember, requestId = `takeout-${process.pid}-${++requestSeq}`) => post(ctx.app, '/api/receive/income/takeout', { requestId }, asMember(member.token));
  const records = async (member: TestMember, query = '') => (await getAs(ctx, `/api/assets/user/record${query}`, member.token)).json().data;
  const payableBalance = async () => {
    const id = await platformAccountId(ctx.db.kysely, 'platform.income_payable');
    return BigInt((await ctx.db.kysely.selectFrom('ledger_accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  };
  const pendingOf = (member: TestMember) => pendingIncome(ctx, member);

  let members: TestMember[] = [];
  let runId = 0;

  it('pays a run with one transfer whatever the number of members, and shows each member their own income', async () => {
    const productId = await addProduct(ctx, { price: '1', dayReturn: '0.1', validDays: 10, offered: 1000 });
    members = [await signedInMember(ctx, '5'), await signedInMember(ctx, '5'), await signedInMember(ctx, '5')];
    for (const [i, member] of members.entries()) expect((await buy(member, productId, i + 1)).json().code).toBe(200);
    await runAccrual(ctx.db, ctx.clock());
    const payableBefore = await payableBalance();

    // Day 1 of a first order is the free first day (paid at purchase); day 2 is the job's.
    ctx.advance(2 * DAY_MS + 1000);
    const run = await runAccrual(ctx.db, ctx.clock());
    runId = run.runId;
    expect(run).toMatchObject({ paidDays: 3, transfers: 1, total: parseAmount('0.6') });
    const transfers = await ctx.db.kysely.selectFrom('ledger_transfers').select(['idempotency_key', 'amount']).where('operation_key', '=', `accrual-run:${runId}`).execute();
    expect(transfers.map((t) => [t.idempotency_key, BigInt(t.amount)])).toEqual([[`accrual:${runId}`, parseAmount('0.6')]]);
    expect((await payableBalance()) - payableBefore).toBe(parseAmount('0.6'));

    // Member 2 holds 2 units: 0.2 a day, the free day and the job's day.
    expect(await pendingOf(members[1])).toBe(usdt('0.4'));
    const list = (await records(members[1], '?type=5')).list;
    expect(list).toContainEqual(
      expect.objectContaining({ type: 'Daily Income', amount: usdt('0.2'), status: 'Succeeded', code: `R${runId}`, description: 'Daily income from your machines' }),
    );
    expect((await records(members[1], '?type=1')).list.some((r: { code: string }) => r.code === `R${runId}`)).toBe(false);
    // Newest first, counted in the total with the member's transfers.
    const all = await records(members[1], '?pageNum=1&pageSize=50');
    expect(all.list[0]).toMatchObject({ code: `R${runId}` });
    expect(all.total).toBe(all.list.length);
    expect((await records(members[2], '?type=5')).list).toContainEqual(expect.objectContaining({ code: `R${runId}`, amount: usdt('0.3') }));
  });

  it('moves a member their owed days and their own pending income at a takeout, and nobody else’s', async () => {
    const [first, second, third] = members;
    const payableBefore = await payableBalance();
    const taken = await takeout(first, 'takeout-first-1');
    expect(taken.json()).toMatchObject({ code: 200, data: { type: 'Daily Income', status: 'Processing', amount: usdt('0.2') } });
    // The free day came from the member's own account, the job's day from income payable.
    expect(payableBefore - (await payableBalance())).toBe(parseAmount('0.1'));
    expect(await memberBalances(ctx.db.kysely, first.id)).toMatchObject({ 'member.pending_income': 0n, 'member.held': parseAmount('0.2') });
    expect([await pendingOf(second), await pendingOf(third)]).toEqual([usdt('0.4'), usdt('0.6')]);
    const marked = await ctx.db.kysely.selectFrom('income_accruals').select('takeout_request_id').where('user_id', '=', first.id).where('payable', '=', 1).execute();
    expect(marked.map((d) => d.takeout_request_id)).toEqual(['takeout-first-1']);

    // The takeout is one record; the collection from income payable is inside it.
    const list = (await records(first, '?pageNum=1&pageSize=50')).list;
    expect(list.filter((r: { description: string }) => r.description === 'Income moved to your wallet')).toEqual([
      expect.objectContaining({ id: taken.json().data.id, amount: usdt('0.2') }),
    ]);
    expect(list).toContainEqual(expect.objectContaining({ code: `R${runId}`, amount: usdt('0.1') }));

    const replay = await takeout(first, 'takeout-first-1');
    expect(replay.json().data.id).toBe(taken.json().data.id);
    expect((await takeout(first)).json()).toMatchObject({ code: 400, msg: 'No profit available to withdraw today' });
    expect(await memberBalances(ctx.db.kysely, first.id)).toMatchObject({ 'member.pending_income': 0n, 'member.held': parseAmount('0.2') });
  });

  it('neither loses nor doubles income paid while takeouts run', async () => {
    const productId = await addProduct(ctx, { price: '1', dayReturn: '0.01', validDays: 30, offered: 1000 });
    const racing = [await signedInMember(ctx, '5'), await signedInMember(ctx, '5'), await signedInMember(ctx, '5')];
    for (const member of racing) expect((await buy(member, productId, 1)).json().code).toBe(200);
    const other = ctx.reopen();
    try {
      for (let day = 0; day < 6; day++) {
        ctx.advance(DAY_MS);
        await Promise.all([runAccrual(other, ctx.clock()), ...racing.map((m) => takeout(m))]);
      }
    } finally {
      await other.kysely.destroy();
    }
    for (const member of racing) {
      const paid = await ctx.db.kysely
        .selectFrom('income_accruals')
        .select((eb) => eb.fn.sum<string | number>('amount').as('total'))
        .where('user_id', '=', member.id)
        .where('status', '=', 'Paid')
        .executeTakeFirstOrThrow();
      const takenOut = await ctx.db.kysely
        .selectFrom('takeouts')
        .select((eb) => eb.fn.sum<string | number>('amount').as('total'))
        .where('user_id', '=', member.id)
        .executeTakeFirstOrThrow();
      // Six days of 0.01 (the free first day and five of the job's), each either taken out once or still pending.
      expect(BigInt(paid.total)).toBe(parseAmount('0.06'));
      expect(BigInt(takenOut.total ?? 0) + (await memberBalances(ctx.db.kysely, member.id))['member.pending_income']).toBe(parseAmount('0.06'));
    }
  });
});

describe.each(testDatabases())('a day that exists already, on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx.close());

  it('is skipped by the run, which pays the other days once (the path that pays waiting days)', async () => {
    const productId = await addProduct(ctx, { price: '1', dayReturn: '0.5', validDays: 10, offered: 10 });
    const member = await signedInMember(ctx, '5');
    const bought = await post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: String(productId), quantity: '1', requestId: 'clash-order-1' }, asMember(member.token));
    const orderId = bought.json().data.id;
    // As if the order had been bought before migration 0042 marked such orders: the job would start at the
    // free first day, which exists.
    await ctx.db.kysely.updateTable('orders').set({ first_job_day: 1 }).where('id', '=', orderId).execute();
    ctx.advance(2 * DAY_MS + 1000);
    expect(await runAccrual(ctx.db, ctx.clock())).toMatchObject({ paidDays: 1, transfers: 1, total: parseAmount('0.5') });
    const days = await ctx.db.kysely.selectFrom('income_accruals').select(['day', 'source']).where('order_id', '=', orderId).orderBy('day').execute();
    expect(days.map((d) => [d.day, d.source])).toEqual([
      [1, 'bonus'],
      [2, 'job'],
    ]);
    expect(await pendingIncome(ctx, member)).toBe(usdt('1'));
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });
});

describe.each(testDatabases())('a database from before income payable, on %s', (_name, database) => {
  const phone = '9555000001';
  const dayIncome = parseAmount('0.25');
  let orderId = 0;
  let bonusOrderId = 0;
  let legacyRun = 0;

  /**
   * As migration 0040's code left it: day 1 of an order paid by its run's transfer to the member's own
   * pending-income account, and a second order of the same time whose day 1 was the free first day.
   */
  async function incomeAsBefore(db: Db): Promise<void> {
    await migrateTo(db.kysely, db.dialect, '0040_email_attempts');
    const k = db.kysely;
    const now = new Date();
    const created = now.getTime() - DAY_MS - 1000;
    const user = await k
      .insertInto('users')
      .values({ phone, password_hash: await hashPassword('Member123'), name: 'Early member', invite_code: 'EARLY1', inviter_id: null, vip_level: 0, grade: 0, timezone_type: 0, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await k
      .insertInto('products')
      .values({
        name: 'Early rig',
        category_name: 'SHA-256',
        image_url: '/api/user/static/product-s19.svg',
        status: 1,
        start_time: new Date(created - DAY_MS).toISOString(),
        end_time: new Date(created + 365 * DAY_MS).toISOString(),
        day_return_micro: dayIncome.toString(),
        valid_days: 5,
        price_micro: '1000000',
        max_buy: -1,
        units_offered: 10,
        sort_order: 1,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const addOrder = (requestId: string) =>
      k
        .insertInto('orders')
        .values({
          user_id: user.id,
          product_id: product.id,
          quantity: 1,
          unit_price: '1000000',
          amount: '1000000',
          coupon_id: null,
          coupon_amount: 0,
          day_return_amount: dayIncome.toString(),
          valid_days: 5,
          request_id: requestId,
          request_hash: 'early',
          created_at: new Date(created).toISOString(),
          created_ms: created,
          ends_ms: created + 5 * DAY_MS,
          status: 'Valid',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    bonusOrderId = (await addOrder('early-bonus-order')).id;
    const order = await addOrder('early-order');
    orderId = order.id;
    const run = await k.insertInto('job_runs').values({ job: 'accrual', as_of: now.toISOString(), created_at: now.toISOString(), max_order_id: order.id }).returning('id').executeTakeFirstOrThrow();
    legacyRun = run.id;
    const day1 = { user_id: user.id, day: 1, amount: dayIncome, status: 'Paid', reason: null, due_ms: created + DAY_MS, accrued_at: now.toISOString() };
    await k.insertInto('income_accruals').values({ ...day1, order_id: order.id, paid_run_id: run.id, source: 'job' }).execute();
    await k.insertInto('income_accruals').values({ ...day1, order_id: bonusOrderId, paid_run_id: null, source: 'bonus' }).execute();
    const accounts = await memberAccounts(k, user.id, now);
    const revenue = await platformAccountId(k, 'platform.mining_revenue');
    const pool = await platformAccountId(k, 'platform.revenue_pool');
    const rewards = await platformAccountId(k, 'platform.rewards_expense');
    await withEventsTableOfToday(db, () => k.transaction().execute(async (trx) => {
      await postOperation(trx, db.dialect, {
        operationKey: 'early-revenue',
        at: now,
        legs: [{ key: 'early-revenue', debit: revenue, credit: pool, amount: parseAmount('100'), type: 'Mining Revenue', description: 'mining_revenue', reason: 'Early revenue' }],
      });
      await postOperation(trx, db.dialect, {
        operationKey: `accrual-run:${run.id}`,
        at: now,
        legs: [{ key: `accrual:${run.id}:${user.id}`, debit: pool, credit: accounts['member.pending_income'], amount: dayIncome, type: 'Daily Income', description: 'daily_income' }],
      });
      await postOperation(trx, db.dialect, {
        operationKey: `bonus:first-order:${user.id}`,
        at: now,
        legs: [{ key: `bonus:first-order:${user.id}`, debit: rewards, credit: accounts['member.pending_income'], amount: dayIncome, type: 'Bonus', description: 'free_first_day' }],
      });
    }));
  }

  const ctx = ledgerCheckedApp(database, MANY_MEMBERS, { beforeLatest: incomeAsBefore });

  it('keeps income paid before the upgrade, pays the next days into income payable, and a takeout moves both', async () => {
    const token = await login(ctx, phone, 'Member123');
    const member = { phone, token, id: (await ctx.db.kysely.selectFrom('users').select('id').where('phone', '=', e164(phone)).executeTakeFirstOrThrow()).id };
    const summary = async () => (await getAs(ctx, '/api/receive/income/summary', token)).json().data;
    expect((await summary()).pendingIncome).toBe((2n * dayIncome).toString());
    // Migration 0042: the order with a free first day is paid by the job from day 2.
    const firstJobDays = await ctx.db.kysely.selectFrom('orders').select(['id', 'first_job_day']).where('id', 'in', [orderId, bonusOrderId]).orderBy('id').execute();
    expect(firstJobDays.map((o) => [o.id, Number(o.first_job_day)])).toEqual([
      [bonusOrderId, 2],
      [orderId, 1],
    ]);

    ctx.advance(DAY_MS);
    const run = await runAccrual(ctx.db, ctx.clock());
    expect(run).toMatchObject({ paidDays: 2, transfers: 1, total: 2n * dayIncome });
    const days = await ctx.db.kysely.selectFrom('income_accruals').select(['day', 'payable']).where('order_id', '=', orderId).orderBy('day').execute();
    expect(days.map((d) => [d.day, Number(d.payable)])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect((await summary()).pendingIncome).toBe((4n * dayIncome).toString());

    // Both days in the records: the old run's transfer and the new run's income.
    const list = (await getAs(ctx, '/api/assets/user/record?type=5', token)).json().data.list;
    const legacyTransfer = await ctx.db.kysely.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', `accrual:${legacyRun}:${member.id}`).executeTakeFirstOrThrow();
    expect(list.map((r: { code: string; amount: string }) => [r.code, r.amount])).toEqual([
      [`R${run.runId}`, (2n * dayIncome).toString()],
      [`T${legacyTransfer.id}`, dayIncome.toString()],
    ]);

    const taken = await post(ctx.app, '/api/receive/income/takeout', { requestId: 'early-takeout' }, asMember(token));
    expect(taken.json()).toMatchObject({ code: 200, data: { amount: (4n * dayIncome).toString(), status: 'Processing' } });
    expect(await memberBalances(ctx.db.kysely, member.id)).toMatchObject({ 'member.pending_income': 0n, 'member.held': 4n * dayIncome });
  });
});
