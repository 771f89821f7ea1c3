import { parseAmount } from '@rigshare/domain';
import { checkLedger } from '../src/ledger/check';
import { asMember, MANY_MEMBERS, post, signedInMember, startApp, type TestContext, testDatabases } from './helpers';

const usdt = (text: string) => parseAmount(text).toString();
const HOUR_MS = 60 * 60 * 1000;

/**
 * The sale window of libs/domain (`saleState`) as the server applies it: [start, end). The purchase
 * panel runs the same function, so a member never sees a Rent button the server then refuses.
 */
describe.each(testDatabases())('the sale window on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx.close());
  afterEach(async () => {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  async function addProduct(status: number, startInMs: number, endInMs: number): Promise<number> {
    const now = ctx.clock().getTime();
    const row = await ctx.db.kysely
      .insertInto('products')
      .values({
        name: `Window rig ${status}`,
        category_name: 'SHA-256',
        image_url: '/api/user/static/product-s19.svg',
        status,
        start_time: new Date(now + startInMs).toISOString(),
        end_time: new Date(now + endInMs).toISOString(),
        day_return_micro: usdt('1'),
        valid_days: 30,
        price_micro: usdt('10'),
        max_buy: -1,
        units_offered: 100,
        units_sold: 0,
        sort_order: 99,
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  let requestSeq = 0;
  const buy = (token: string, productId: number) =>
    post(
      ctx.app,
      '/api/orders/mine/order/create',
      { productId: String(productId), quantity: '1', agree: '1', requestId: `window-${process.pid}-${++requestSeq}` },
      asMember(token),
    );

  it('opens at the start instant and is closed at the end instant, for a rush purchase as for any product', async () => {
    const member = await signedInMember(ctx, '100');
    const rush = await addProduct(6, HOUR_MS, 2 * HOUR_MS);
    const plain = await addProduct(1, HOUR_MS, 2 * HOUR_MS);

    ctx.advance(HOUR_MS - 1);
    expect((await buy(member.token, rush)).json()).toMatchObject({ code: 409, msg: 'This product is not on sale yet' });
    ctx.advance(1); // now === start
    expect((await buy(member.token, rush)).json().code).toBe(200);

    ctx.advance(HOUR_MS - 1); // one millisecond before the end
    expect((await buy(member.token, plain)).json().code).toBe(200);
    ctx.advance(1); // now === end: closed
    expect((await buy(member.token, rush)).json()).toMatchObject({ code: 409, msg: 'Sales of this product have ended' });
    expect((await buy(member.token, plain)).json()).toMatchObject({ code: 409, msg: 'Sales of this product have ended' });
  });
});
