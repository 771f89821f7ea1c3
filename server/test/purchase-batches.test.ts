import { parseAmount } from '@rigshare/domain';
import { sql } from 'kysely';
import { AppError } from '../src/errors';
import { buyTogether, type CreateOrderInput, type PurchaseOutcome } from '../src/features/orders/service';
import { memberBalances } from '../src/ledger/accounts';
import { addProduct, asMember, getAs, ledgerCheckedApp, MANY_MEMBERS, post, signedInMember, testDatabases } from './helpers';

const usdt = (text: string) => parseAmount(text);

/**
 * Purchases that arrive together are bought in one transaction (features/orders/purchase-queue.ts). Each
 * must come out as if they had run one after another: its own refusal, its own order, the money right.
 */
describe.each(testDatabases())('purchases bought together on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);
  let seq = 0;
  const input = (userId: number, productId: number, fields: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
    userId,
    productId,
    quantity: 1,
    couponId: null,
    requestId: `batch-${process.pid}-${++seq}`,
    now: ctx.clock(),
    ...fields,
  });
  const refusal = (outcome: PurchaseOutcome) => (outcome.ok ? null : ((outcome.error as AppError).messageKey ?? String(outcome.error)));
  const orderId = (outcome: PurchaseOutcome) => (outcome.ok ? outcome.value.id : null);

  it('decides each purchase of a batch as if the ones before it had committed', async () => {
    const rig = await addProduct(ctx, { price: '3', dayReturn: '0.5', validDays: 10, offered: 1000 });
    const scarce = await addProduct(ctx, { price: '1', dayReturn: '0.1', validDays: 10, offered: 3 });
    const limited = await addProduct(ctx, { price: '1', dayReturn: '0.1', validDays: 10, offered: 100, maxBuy: 2 });
    const [ann, ben, cat, dan] = await Promise.all([signedInMember(ctx, '10'), signedInMember(ctx, '100'), signedInMember(ctx, '100'), signedInMember(ctx, '100')]);
    const benRequest = `batch-${process.pid}-same-request`;

    const outcomes = await buyTogether(ctx.db, [
      input(ann.id, rig), // 0: 10 -> 7, her first order: day 1 paid at once
      input(ann.id, rig), // 1: 7 -> 4
      input(ann.id, rig), // 2: 4 -> 1
      input(ann.id, rig), // 3: 1 left: refused for the balance
      input(ben.id, rig, { requestId: benRequest, quantity: 2 }), // 4
      input(ben.id, rig, { requestId: benRequest, quantity: 2 }), // 5: the same request again: the same order
      input(ben.id, rig, { requestId: benRequest, quantity: 3 }), // 6: the same request for something else
      input(cat.id, scarce, { quantity: 2 }), // 7: 3 units -> 1
      input(dan.id, scarce, { quantity: 2 }), // 8: only 1 left
      input(dan.id, scarce), // 9: the last unit: sold out after it
      input(cat.id, scarce), // 10: sold out
      input(dan.id, limited, { quantity: 2 }), // 11: up to maxBuy
      input(dan.id, limited), // 12: over maxBuy
      input(cat.id, 999_999), // 13: no such product
    ]);

    expect(outcomes.map(refusal)).toEqual([
      null,
      null,
      null,
      'insufficientBalance',
      null,
      null,
      'requestReused',
      null,
      'notEnoughUnits',
      null,
      'productSoldOut',
      null,
      'purchaseLimit',
      'productNotFound',
    ]);
    expect(orderId(outcomes[5]!)).toBe(orderId(outcomes[4]!));
    expect(new Set(outcomes.filter((o) => o.ok).map(orderId)).size).toBe(7);

    // Each answer is the order as its view shows it, the first order with its free day.
    expect(outcomes[0]).toMatchObject({ ok: true, value: { product_id: rig, quantity: 1, days_paid: 1, earned: usdt('0.5') } });
    expect(outcomes[1]).toMatchObject({ ok: true, value: { days_paid: 0, earned: 0n } });

    expect((await memberBalances(ctx.db.kysely, ann.id))['member.available']).toBe(usdt('1'));
    expect((await memberBalances(ctx.db.kysely, ann.id))['member.pending_income']).toBe(usdt('0.5'));
    expect((await memberBalances(ctx.db.kysely, ben.id))['member.available']).toBe(usdt('94'));
    const units = await ctx.db.kysely.selectFrom('products').select(['id', 'units_sold', 'status']).where('id', 'in', [scarce, limited]).orderBy('id').execute();
    expect(units).toEqual([
      { id: scarce, units_sold: 3, status: 3 },
      { id: limited, units_sold: 2, status: 1 },
    ]);
    // One free first day a member, whichever of their purchases in the batch came first.
    const bonuses = await ctx.db.kysely.selectFrom('income_accruals').select('user_id').where('source', '=', 'bonus').where('user_id', 'in', [ann.id, ben.id, cat.id, dan.id]).execute();
    expect(bonuses.map((b) => b.user_id).sort()).toEqual([ann.id, ben.id, cat.id, dan.id].sort());

    // The order replayed by a later batch is the one this batch made.
    const [again] = await buyTogether(ctx.db, [input(ben.id, rig, { requestId: benRequest, quantity: 2 })]);
    expect(orderId(again!)).toBe(orderId(outcomes[4]!));
  });

  it('a coupon pays once in a batch; the second purchase naming it is refused', async () => {
    const member = await signedInMember(ctx, '300');
    expect((await post(ctx.app, '/api/orders/coupon/receiveCoupon', { couponId: '1' }, asMember(member.token))).json().code).toBe(200);
    const outcomes = await buyTogether(ctx.db, [input(member.id, 1, { couponId: 1 }), input(member.id, 1, { couponId: 1 })]);
    expect(outcomes.map(refusal)).toEqual([null, 'couponNotUsable']);
    expect(outcomes[0]).toMatchObject({ ok: true, value: { amount: usdt('95'), coupon_amount: usdt('5') } });
    expect((await memberBalances(ctx.db.kysely, member.id))['member.available']).toBe(usdt('205'));
  });

  it('when the database refuses one purchase, the others of its batch still go through', async () => {
    const rig = await addProduct(ctx, { price: '2', dayReturn: '0.1', validDays: 10, offered: 100 });
    const [ann, ben] = await Promise.all([signedInMember(ctx, '10'), signedInMember(ctx, '10')]);
    const failing = `fails-in-db-${process.pid}`;
    await refuseOrderInDatabase(failing);
    try {
      const outcomes = await buyTogether(ctx.db, [input(ann.id, rig), input(ben.id, rig, { requestId: failing }), input(ann.id, rig)]);
      expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
      expect(String((outcomes[1] as { error: unknown }).error)).toMatch(/refused by the test/);
      expect((await memberBalances(ctx.db.kysely, ann.id))['member.available']).toBe(usdt('6'));
      // Nothing of the refused purchase stands: not its money, not its free first day.
      expect(await memberBalances(ctx.db.kysely, ben.id)).toEqual({ 'member.available': usdt('10'), 'member.pending_income': 0n, 'member.held': 0n });
    } finally {
      await allowOrdersAgain();
    }
  });

  it('members buying at once each get their own order; a bad token among them is refused alone', async () => {
    const rig = await addProduct(ctx, { price: '1', dayReturn: '0.1', validDays: 10, offered: 1000 });
    const members = await Promise.all(Array.from({ length: 12 }, () => signedInMember(ctx, '50')));
    const buy = (token: string, quantity: number) =>
      post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: String(rig), quantity: String(quantity), requestId: `crowd-${process.pid}-${++seq}` }, asMember(token));
    const replies = await Promise.all([...members.map((m, i) => buy(m.token, i + 1)), buy('not-a-session-token', 1)]);
    expect(replies.map((r) => r.statusCode)).toEqual([...members.map(() => 200), 401]);
    for (const [i, member] of members.entries()) {
      expect(replies[i]!.json().data).toMatchObject({ productId: rig, quantity: i + 1 });
      const mine = (await getAs(ctx, '/api/orders/mine/order/record?pageNum=1&pageSize=10', member.token)).json().data;
      expect(mine.list.map((o: { id: number; quantity: number }) => [o.id, o.quantity])).toEqual([[replies[i]!.json().data.id, i + 1]]);
      expect((await memberBalances(ctx.db.kysely, member.id))['member.available']).toBe(usdt(String(50 - (i + 1))));
    }
  });

  /** A trigger that makes the database refuse the order with this requestId, as a constraint or an outage would. */
  async function refuseOrderInDatabase(requestId: string): Promise<void> {
    const k = ctx.db.kysely;
    if (ctx.db.dialect === 'postgres') {
      await sql`CREATE FUNCTION refuse_test_order() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.request_id = ${sql.lit(requestId)} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`.execute(k);
      await sql`CREATE TRIGGER refuse_test_order BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse_test_order()`.execute(k);
    } else {
      await sql`CREATE TRIGGER refuse_test_order BEFORE INSERT ON orders WHEN NEW.request_id = ${sql.lit(requestId)}
        BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(k);
    }
  }

  async function allowOrdersAgain(): Promise<void> {
    await sql`DROP TRIGGER IF EXISTS refuse_test_order ${ctx.db.dialect === 'postgres' ? sql`ON orders` : sql``}`.execute(ctx.db.kysely);
    if (ctx.db.dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS refuse_test_order()`.execute(ctx.db.kysely);
  }
});
