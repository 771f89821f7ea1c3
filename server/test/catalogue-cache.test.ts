import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { closeProduct } from '../src/features/products';
import { addProduct, asMember, ledgerCheckedApp, MANY_MEMBERS, post, signedInMember, testDatabases } from './helpers';

interface Card {
  id: number;
  productName: string;
  unitsSold: number;
}

/** The public catalogue answered from what the instance kept (caches/catalogue-cache.ts), correct after every change it is told of. */
describe.each(testDatabases())('the product catalogue an instance keeps, on %s', (_name, database) => {
  // Kept for an hour, so only a recorded change can make a list show something new; the poll for changes
  // committed by other processes every 100 ms.
  const ctx = ledgerCheckedApp(database, { ...MANY_MEMBERS, catalogueCacheSeconds: 3600, live: { ...loadConfig({}).live, pollMs: 100 } });
  const list = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/api/orders/product/list?pageSize=100', headers });
  const cards = async () => (await list()).json().data.list as Card[];
  const card = async (id: number) => (await cards()).find((c) => c.id === id);

  it('answers a client that has the list already with a bodiless 304, one ETag per language', async () => {
    const first = await list();
    const etag = first.headers.etag as string;
    expect(first.statusCode).toBe(200);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // The message is German: another ETag, so a German client never gets the English body's 304.
    const german = await list({ language: 'de_DE', 'if-none-match': etag });
    expect(german.statusCode).toBe(200);
    expect(german.headers.etag).not.toBe(etag);
    expect(german.json().msg).not.toBe(first.json().msg);
  });

  it('a purchase shows in the next list and detail at once, and the old ETag gets the new list', async () => {
    const productId = await addProduct(ctx, { price: '1', dayReturn: '0.01', validDays: 10, offered: 10 });
    const before = await list();
    expect((await card(productId))?.unitsSold).toBe(0);
    const detailBefore = await ctx.app.inject({ method: 'GET', url: `/api/orders/product/detail?id=${productId}` });
    expect(detailBefore.json().data.unitsSold).toBe(0);

    const member = await signedInMember(ctx, '10');
    const bought = await post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: String(productId), quantity: '2', requestId: `cache-${process.pid}` }, asMember(member.token));
    expect(bought.json().code).toBe(200);

    const after = await list({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.list.find((c: Card) => c.id === productId).unitsSold).toBe(2);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/orders/product/detail?id=${productId}`, headers: { 'if-none-match': detailBefore.headers.etag as string } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ unitsSold: 2, unitsLeft: 8 });
  });

  it('a change another process commits (the command line, another instance) shows within the poll; an edit behind its back does not', async () => {
    const productId = await addProduct(ctx, { price: '1', dayReturn: '0.01', validDays: 10, offered: 10, name: 'Kept rig' });
    expect((await card(productId))?.productName).toBe('Kept rig');

    // A database edit records no change: the kept list stands, however often the instance polls.
    await sql`UPDATE products SET name = ${'Renamed by hand'} WHERE id = ${productId}`.execute(ctx.db.kysely);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await card(productId))?.productName).toBe('Kept rig');

    // Closing it from another connection, as `catalogue close` does, records the change: the product leaves the list.
    const other = ctx.reopen();
    try {
      await closeProduct(other.kysely, { id: productId, reason: 'test', by: 'operator', at: ctx.clock() });
    } finally {
      await other.kysely.destroy();
    }
    const deadline = Date.now() + 5_000;
    while ((await card(productId)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await card(productId)).toBeUndefined();
  });
});
