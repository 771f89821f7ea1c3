import { parseAmount } from '@rigshare/domain';
import { createExchangeCode } from '../src/features/exchange/service';
import { DAY_MS } from '../src/jobs/accrual';
import { memberBalances } from '../src/ledger/accounts';
import { checkLedger } from '../src/ledger/check';
import { addCoupon as addTestCoupon, addProduct, asMember, getAs, MANY_MEMBERS, post, signedInMember, startApp, type TestContext, testDatabases } from './helpers';

const usdt = (text: string) => parseAmount(text).toString();
const HOUR_MS = 60 * 60 * 1000;

/**
 * The coupon rules of libs/domain as the server applies them: the checkout shows the same
 * (remotes/products purchase-panel.test.tsx), because both run `couponFit`.
 */
describe.each(testDatabases())('coupon rules on %s', (_name, database) => {
  let ctx: TestContext;
  let productId: number;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
    productId = await addProduct(ctx, { name: 'Coupon test rig', price: '100', dayReturn: '1', validDays: 30, offered: 1000 });
  });
  afterAll(async () => ctx.close());
  afterEach(async () => {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  const addCoupon = (c: { amount: string; minSpend: string; endsInMs: number }) => addTestCoupon(ctx, c);

  let requestSeq = 0;
  const buy = (token: string, couponId: number, quantity = 1) =>
    post(
      ctx.app,
      '/api/orders/mine/order/create',
      { productId: String(productId), quantity: String(quantity), agree: '1', couponId: String(couponId), requestId: `coupon-${process.pid}-${++requestSeq}` },
      asMember(token),
    );

  it('a coupon ends at its end instant: not usable, listed as expired, not offered at checkout', async () => {
    const member = await signedInMember(ctx, '300');
    const couponId = await addCoupon({ amount: '5', minSpend: '0', endsInMs: HOUR_MS });
    expect((await post(ctx.app, '/api/orders/coupon/receiveCoupon', { couponId: String(couponId) }, asMember(member.token))).json().code).toBe(200);
    const usableIds = async () =>
      (await getAs(ctx, `/api/orders/coupon/userProductCoupons?productId=${productId}`, member.token)).json().data.map((c: { id: number }) => c.id);
    expect(await usableIds()).toContain(couponId);

    ctx.advance(HOUR_MS); // now === end_time
    expect(await usableIds()).not.toContain(couponId);
    const expired = (await getAs(ctx, '/api/orders/coupon/all?state=expired', member.token)).json().data.list;
    expect(expired.map((c: { id: number }) => c.id)).toContain(couponId);
    expect((await buy(member.token, couponId)).json()).toMatchObject({ code: 400, msg: 'This coupon cannot be used for this purchase' });
    expect((await memberBalances(ctx.db.kysely, member.id))['member.available']).toBe(parseAmount('300'));
  });

  it('a coupon worth the whole order or more is refused and kept; a larger order can use it', async () => {
    const member = await signedInMember(ctx, '300');
    const equal = await addCoupon({ amount: '100', minSpend: '0', endsInMs: 30 * DAY_MS });
    const larger = await addCoupon({ amount: '150', minSpend: '0', endsInMs: 30 * DAY_MS });
    for (const id of [equal, larger]) await post(ctx.app, '/api/orders/coupon/receiveCoupon', { couponId: String(id) }, asMember(member.token));
    expect((await buy(member.token, equal)).json()).toMatchObject({ code: 400, msg: 'This coupon cannot be used for this purchase' });
    expect((await buy(member.token, larger)).json()).toMatchObject({ code: 400, msg: 'This coupon cannot be used for this purchase' });
    expect((await memberBalances(ctx.db.kysely, member.id))['member.available']).toBe(parseAmount('300'));

    const order = (await buy(member.token, equal, 2)).json();
    expect(order).toMatchObject({ code: 200, data: { amount: usdt('100'), couponAmount: usdt('100'), price: usdt('100') } });
    expect((await memberBalances(ctx.db.kysely, member.id))['member.available']).toBe(parseAmount('200'));
  });

  it('first purchases, coupon purchases and exchange redemptions of many members at once all go through', async () => {
    // Each takes the member's accounts first and the platform's last (rental revenue, the promotion accounts):
    // an order of locks that lets them overlap, and that no two of them can close into a cycle.
    const exchangeCode = `LOCKS${process.pid % 1000}`;
    await createExchangeCode(ctx.db, { code: exchangeCode, amount: '2', budget: '100', reason: 'Lock order test', at: ctx.clock() });
    const coupon = await addCoupon({ amount: '5', minSpend: '0', endsInMs: 30 * DAY_MS });
    const members = await Promise.all(Array.from({ length: 12 }, () => signedInMember(ctx, '300')));
    for (const m of members) expect((await post(ctx.app, '/api/orders/coupon/receiveCoupon', { couponId: String(coupon) }, asMember(m.token))).json().code).toBe(200);
    const plainBuy = (token: string) =>
      post(ctx.app, '/api/orders/mine/order/create', { productId: String(productId), quantity: '1', agree: '1', requestId: `locks-${process.pid}-${++requestSeq}` }, asMember(token));
    const redeem = (token: string) => post(ctx.app, '/api/assets/exchange/redeem', { code: exchangeCode, requestId: `locks-ex-${process.pid}-${++requestSeq}` }, asMember(token));
    const replies = await Promise.all(
      members.flatMap((m, i) => (i % 2 === 0 ? [plainBuy(m.token), redeem(m.token)] : [buy(m.token, coupon), plainBuy(m.token), redeem(m.token)])),
    );
    expect(replies.map((r) => r.json().code)).toEqual(replies.map(() => 200));
    for (const [i, m] of members.entries()) {
      const spent = i % 2 === 0 ? parseAmount('100') : parseAmount('195');
      expect((await memberBalances(ctx.db.kysely, m.id))['member.available']).toBe(parseAmount('302') - spent);
    }
  });
});
