import { addProduct as addTestProduct, asMember, ledgerCheckedApp, MANY_MEMBERS, post, signedInMember, testDatabases } from './helpers';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The sale window of libs/domain (`saleState`) as the server applies it: [start, end). The purchase
 * panel runs the same function, so a member never sees a Rent button the server then refuses.
 */
describe.each(testDatabases())('the sale window on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);

  const addProduct = (status: number, startInMs: number, endInMs: number) =>
    addTestProduct(ctx, { name: `Window rig ${status}`, status, startInMs, endInMs, price: '10', dayReturn: '1', validDays: 30, offered: 100 });

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
