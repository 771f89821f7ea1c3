import { parseAmount } from '@rigshare/domain';
import { orderTrackRecord } from '../src/features/track-record/service';
import { DAY_MS, runAccrual } from '../src/jobs/accrual';
import { memberBalances, platformAccountId } from '../src/ledger/accounts';
import { checkLedger } from '../src/ledger/check';
import { fundPool } from '../src/ledger/operator';
import { postOperation } from '../src/ledger/ledger';
import { addCoupon, addProduct, asMember, getAs, ledgerCheckedApp, MANY_MEMBERS, post, signedInMember, testDatabases, type TestMember } from './helpers';

/**
 * Selling an order back (docs/decisions.md, "Selling a rented machine back"): the price is the unearned
 * part of what the member paid, paid from rental revenue once, with no income after the sale.
 */
const usdt = (text: string) => parseAmount(text).toString();
const QUOTE = '/api/user/app/financial/sellQuote';
const SELL = '/api/user/app/financial/sellFinancial';

describe.each(testDatabases())('selling an order back on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);

  let requestSeq = 0;
  const buy = async (member: TestMember, productId: number, couponId?: number) => {
    const body: Record<string, string> = { agree: '1', productId: String(productId), quantity: '1', requestId: `sellback-${process.pid}-${++requestSeq}` };
    if (couponId) body.couponId = String(couponId);
    const reply = (await post(ctx.app, '/api/orders/mine/order/create', body, asMember(member.token))).json();
    expect(reply.code).toBe(200);
    return reply.data as { id: number; amount: string };
  };
  const quote = async (member: TestMember, orderId: number) => (await getAs(ctx, `${QUOTE}?orderId=${orderId}`, member.token)).json();
  const sell = (member: TestMember, orderId: number, amount: string) => post(ctx.app, SELL, { orderId: String(orderId), amount }, asMember(member.token));
  const available = async (member: TestMember) => (await memberBalances(ctx.db.kysely, member.id))['member.available'];
  const daysOf = async (orderId: number) =>
    (await ctx.db.kysely.selectFrom('income_accruals').select('day').where('order_id', '=', orderId).orderBy('day').execute()).map((d) => d.day);

  /** A member who has made a first order already, so the order under test has no free first day. */
  async function buyer(balance = '500') {
    const member = await signedInMember(ctx, balance);
    await buy(member, await addProduct(ctx, { price: '1', dayReturn: '0.01', validDays: 30, offered: 10 }));
    return member;
  }

  it('quotes the unearned part of what was paid after the coupon, and pays it into the balance once', async () => {
    const productId = await addProduct(ctx, { price: '100', dayReturn: '1', validDays: 30, offered: 100 });
    const couponId = await addCoupon(ctx, { amount: '10', minSpend: '0', endsInMs: 30 * DAY_MS });
    const member = await buyer();
    expect((await post(ctx.app, '/api/orders/coupon/receiveCoupon', { couponId: String(couponId) }, asMember(member.token))).json().code).toBe(200);
    const order = await buy(member, productId, couponId);
    expect(order.amount).toBe(usdt('90'));

    expect(await quote(member, order.id)).toMatchObject({ code: 200, data: { paid: usdt('90'), validDays: 30, daysKept: 0, daysLeft: 30, amount: usdt('90') } });
    ctx.advance(2 * DAY_MS + 60_000);
    // 90 x 28 / 30: the list price (100) and the coupon play no part.
    const priced = (await quote(member, order.id)).data;
    expect(priced).toMatchObject({ daysKept: 2, daysLeft: 28, amount: usdt('84') });

    const before = await available(member);
    const sold = (await sell(member, order.id, priced.amount)).json();
    expect(sold).toMatchObject({ code: 200, msg: 'Sold back: the amount is in your balance', data: { id: order.id, status: 'Sold', soldAmount: usdt('84'), soldTime: ctx.clock().toISOString() } });
    expect((await available(member)) - before).toBe(parseAmount('84'));
    const records = (await getAs(ctx, '/api/assets/user/record?pageNum=1&pageSize=50', member.token)).json().data.list;
    expect(records).toContainEqual(expect.objectContaining({ type: 'Sell Back', amount: usdt('84'), description: 'Sold back Test rig (28 unearned days)' }));
    expect((await sell(member, order.id, priced.amount)).json()).toMatchObject({ code: 409, msg: 'This order has already been sold back' });
    expect(await quote(member, order.id)).toMatchObject({ code: 409, msg: 'This order has already been sold back' });
  });

  it('rounds down to micro-units and counts a free first day as earned', async () => {
    const productId = await addProduct(ctx, { price: '10', dayReturn: '0.5', validDays: 7, offered: 100 });
    const member = await signedInMember(ctx, '50');
    const order = await buy(member, productId);
    // The first order's day 1 is paid at purchase (the free first day): 6 of 7 days left, 10 x 6 / 7.
    expect((await quote(member, order.id)).data).toMatchObject({ daysKept: 1, daysLeft: 6, amount: '8571428' });
  });

  it('refuses another member’s order, a changed price, an ended order and a day that would pay nothing, changing nothing', async () => {
    const productId = await addProduct(ctx, { price: '10', dayReturn: '0.1', validDays: 3, offered: 100 });
    const owner = await buyer();
    const other = await buyer();
    const order = await buy(owner, productId);
    const quoted = (await quote(owner, order.id)).data.amount;
    expect(quoted).toBe(usdt('10'));

    expect(await quote(other, order.id)).toMatchObject({ code: 404 });
    expect((await sell(other, order.id, quoted)).json()).toMatchObject({ code: 404, msg: 'This order does not exist' });

    ctx.advance(DAY_MS + 1000);
    const before = await available(owner);
    const changed = (await sell(owner, order.id, quoted)).json();
    expect(changed).toMatchObject({ code: 409, msg: 'The sell-back price has changed (a day of income fell due). Please check the new price' });
    expect(await available(owner)).toBe(before);

    // Every day has fallen due: nothing is unearned, though the job has not run.
    ctx.advance(2 * DAY_MS);
    expect(await quote(owner, order.id)).toMatchObject({ code: 409, msg: 'No unearned days are left: selling back would pay nothing' });
    await fundPool(ctx.db, { amount: '10', reason: 'Mining revenue for the test', at: ctx.clock() });
    await runAccrual(ctx.db, ctx.clock());
    expect(await quote(owner, order.id)).toMatchObject({ code: 409, msg: 'This order has ended and cannot be sold back' });
    expect((await sell(owner, order.id, '1')).json()).toMatchObject({ code: 409, msg: 'This order has ended and cannot be sold back' });
    expect(await available(owner)).toBe(before);
    expect((await sell(owner, order.id, 'abc')).json().code).toBe(400);
  });

  it('pays exactly once for a burst of sales of one order', async () => {
    const productId = await addProduct(ctx, { price: '50', dayReturn: '1', validDays: 10, offered: 100 });
    const member = await buyer();
    const order = await buy(member, productId);
    const quoted = (await quote(member, order.id)).data.amount;
    const before = await available(member);
    const replies = await Promise.all(Array.from({ length: 10 }, () => sell(member, order.id, quoted)));
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect((await available(member)) - before).toBe(BigInt(quoted));
    const transfers = await ctx.db.kysely.selectFrom('ledger_transfers').select('amount').where('idempotency_key', '=', `sellback:${order.id}`).execute();
    expect(transfers.map((t) => BigInt(t.amount))).toEqual([BigInt(quoted)]);
  });

  it('keeps the days due before the sale, accrues none after it and owes none after it in the track record', async () => {
    const productId = await addProduct(ctx, { price: '20', dayReturn: '1', validDays: 10, offered: 100 });
    const member = await buyer();
    const order = await buy(member, productId);
    await fundPool(ctx.db, { amount: '1000', reason: 'Mining revenue for the test', at: ctx.clock() });
    ctx.advance(DAY_MS + 1000);
    await runAccrual(ctx.db, ctx.clock());
    // Day 2 falls due, and the order is sold before the job records it.
    ctx.advance(DAY_MS + 1000);
    const priced = (await quote(member, order.id)).data;
    expect(priced).toMatchObject({ daysKept: 2, daysLeft: 8, amount: usdt('16') });
    expect((await sell(member, order.id, priced.amount)).json().code).toBe(200);

    ctx.advance(5 * DAY_MS);
    // Day 1 paid, day 2 (due before the sale) owed until the job runs; no day after the sale is due.
    const record = await orderTrackRecord(ctx.db, member.id, order.id, ctx.clock());
    expect(record!.windows.at(-1)).toMatchObject({ due: 2, onTime: 1, owed: 1 });
    await runAccrual(ctx.db, ctx.clock());
    expect(await daysOf(order.id)).toEqual([1, 2]);
    ctx.advance(10 * DAY_MS);
    await runAccrual(ctx.db, ctx.clock());
    expect(await daysOf(order.id)).toEqual([1, 2]);
    const view = (await getAs(ctx, `/api/orders/mine/order/detail?id=${order.id}`, member.token)).json().data;
    expect(view).toMatchObject({ status: 'Sold', daysPaid: 2, earned: usdt('2'), soldAmount: usdt('16') });
    // The member's expected total counts the sold order's kept days only.
    const totals = (await getAs(ctx, '/api/orders/mine/order/totalrecord', member.token)).json().data;
    expect(BigInt(totals.expectedTotal)).toBe(parseAmount('0.01') * 30n + parseAmount('2'));
  });

  it('refuses clearly when rental revenue cannot cover the price, changing nothing', async () => {
    const productId = await addProduct(ctx, { price: '30', dayReturn: '1', validDays: 10, offered: 100 });
    const member = await buyer();
    const order = await buy(member, productId);
    const quoted = (await quote(member, order.id)).data.amount;
    const k = ctx.db.kysely;
    const rental = await platformAccountId(k, 'platform.rental_revenue');
    const adjustments = await platformAccountId(k, 'platform.adjustments');
    const balance = BigInt((await k.selectFrom('ledger_accounts').select('balance').where('id', '=', rental).executeTakeFirstOrThrow()).balance);
    // The operator has moved all but 1 USDT of rental revenue out (to pay for the machines).
    await k.transaction().execute((trx) =>
      postOperation(trx, ctx.db.dialect, {
        operationKey: `test-rental-out-${order.id}`,
        at: ctx.clock(),
        legs: [{ key: `test-rental-out-${order.id}`, debit: rental, credit: adjustments, amount: balance - parseAmount('1'), type: 'Adjustment', description: 'test' }],
      }),
    );
    const before = await available(member);
    expect((await sell(member, order.id, quoted)).json()).toMatchObject({ code: 409, msg: 'Sell-backs cannot be paid right now. Nothing was changed; please try again later' });
    expect(await available(member)).toBe(before);
    expect((await getAs(ctx, `/api/orders/mine/order/detail?id=${order.id}`, member.token)).json().data).toMatchObject({ status: 'Valid', soldAmount: null });
  });

  it('ledger:check flags an income day after a sale', async () => {
    const productId = await addProduct(ctx, { price: '10', dayReturn: '1', validDays: 10, offered: 100 });
    const member = await buyer();
    const order = await buy(member, productId);
    expect((await sell(member, order.id, (await quote(member, order.id)).data.amount)).json().code).toBe(200);
    const k = ctx.db.kysely;
    const row = { order_id: order.id, user_id: member.id, day: 5, amount: '1000000', status: 'Delayed', reason: 'pool_short', due_ms: 0, accrued_at: null, paid_run_id: null, source: 'job' };
    const rolledBack = new Error('rolled back');
    const found = k.transaction().execute(async (trx) => {
      await trx.insertInto('income_accruals').values(row).execute();
      expect(await checkLedger(trx)).toEqual([`sold order ${order.id} accrued day 5, after its sale`]);
      throw rolledBack;
    });
    await expect(found).rejects.toBe(rolledBack);
  });
});
