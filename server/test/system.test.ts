import { getAs, signedInMember, startApp, testDatabases, type TestContext } from './helpers';

describe.each(testDatabases())('system and products on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database);
  });
  afterAll(async () => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('pages the products with money as micro-unit strings and real units sold', async () => {
    const first = (await get('/api/orders/product/list?pageNum=1&pageSize=4')).json().data;
    const second = (await get('/api/orders/product/list?pageNum=2&pageSize=4')).json().data;
    expect(first.total).toBe(6);
    expect(first.list).toHaveLength(4);
    expect(second.list).toHaveLength(2);
    const ids = [...first.list, ...second.list].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(6);

    const all = [...first.list, ...second.list];
    for (const card of all) {
      expect(typeof card.price).toBe('string');
      expect(BigInt(card.walletotal)).toBe(BigInt(card.dayReturnAmount) * BigInt(card.validDays));
      expect(card.unitsSold).toBeLessThanOrEqual(card.unitsOffered);
      expect(card.productImg).toMatch(/\/api\/user\/static\/product-[a-z0-9]+\.svg$/);
    }
    const s19 = all.find((p: { productName: string }) => p.productName === 'Antminer S19 share');
    expect(s19).toMatchObject({ price: '100000000', dayReturnAmount: '1800000', walletotal: '108000000', maxBuy: 10 });
    // No order yet, so nothing is sold and nothing is sold out (the demo's buyers are left out of tests).
    expect(all.map((p: { unitsSold: number }) => p.unitsSold)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(all.some((p: { status: number }) => p.status === 3)).toBe(false);
    const rush = all.find((p: { status: number }) => p.status === 6);
    expect(rush.daotimes).toBe(rush.endTime);
    expect(new Date(rush.endTime).getTime()).toBeGreaterThan(Date.now());
    const preSale = all.find((p: { status: number }) => p.status === 5);
    expect(new Date(preSale.startTime).getTime()).toBeGreaterThan(Date.now());

    const image = await get(new URL(s19.productImg).pathname);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
  });

  it('gives one product by id and 404 for an unknown one', async () => {
    const one = await get('/api/orders/product/detail?id=1');
    expect(one.json().data.id).toBe(1);
    const missing = await get('/api/orders/product/detail?id=999', { language: 'fr_FR' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe("Ce produit n'existe pas");
  });

  it('says the demo app is the latest version', async () => {
    const res = await get('/api/user/app/version/update?platform=ANDROID&code=51');
    expect(res.json()).toMatchObject({ code: 200, data: null });
    const older = await get('/api/user/app/version/update?platform=ANDROID&code=50');
    expect(older.json().data).toMatchObject({ version: '0.5.1', compulsory: false });
  });

  it('serves system information, banners, notices, countries and links', async () => {
    const info = (await get('/api/user/sys/info', { language: 'es_ES' })).json().data;
    expect(info).toMatchObject({ operatorName: 'Rigshare Operations Ltd.', version: '0.5.1', versionCode: 51 });
    expect(info.about).toContain('Rigshare Operations Ltd.');
    expect(info.about).not.toMatch(/garantizad|guaranteed|risk-free/i);

    const carousel = (await get('/api/user/sys/carousel')).json().data;
    expect(carousel.length).toBeGreaterThanOrEqual(2);
    const banner = await get(new URL(carousel[0].imageUrl).pathname);
    expect(banner.statusCode).toBe(200);

    expect((await get('/api/user/sys/scroll-notice')).json().data).toHaveLength(2);
    // The pop-up notice is per member (test/home-content.test.ts): without a session it is refused.
    expect((await get('/api/user/sys/popup-notice')).statusCode).toBe(401);
    const countries = (await get('/api/user/auth/countrys')).json().data;
    expect(countries).toContainEqual({ code: '+91', name: 'India', region: 'IN' });
    expect(countries).toHaveLength(9);
    expect((await get('/api/user/link/get')).json().data).toEqual([]);
    expect((await get('/api/user/appUrl/info')).json().data).toEqual({ appUrl: null });
  });

  it('serves banners, scroll notices and popups in the caller language, with text-free banner art', async () => {
    const en = (await get('/api/user/sys/carousel')).json().data;
    const hi = (await get('/api/user/sys/carousel', { language: 'hi_IN' })).json().data;
    expect(en[0]).toMatchObject({ title: 'Rent a mining machine', subtitle: 'See the price, daily return and term before you buy' });
    expect(hi[0].title).toBe('माइनिंग मशीन किराये पर लें');
    expect(hi[0].subtitle).not.toBe(en[0].subtitle);
    for (const banner of en) {
      const svg = (await get(new URL(banner.imageUrl).pathname)).body;
      expect(svg).toContain('<svg');
      expect(svg).not.toContain('<text');
    }
    const scrollTr = (await get('/api/user/sys/scroll-notice', { language: 'tr_TR' })).json().data;
    expect(scrollTr[1]).toBe('Para çekme işlemlerinde %5 ücret alınır; onaylamadan önce net tutarla birlikte gösterilir.');

    const popup = await ctx.db.kysely
      .insertInto('notices')
      .values({
        kind: 'popup',
        title: 'Maintenance',
        content: 'Income screens pause for 10 minutes tonight.',
        translations: JSON.stringify({ 'it-IT': { title: 'Manutenzione', content: 'Le schermate del reddito si fermano 10 minuti stanotte.' } }),
        active: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await signedInMember(ctx);
    expect((await getAs(ctx, '/api/user/sys/popup-notice', member.token, { language: 'it_IT' })).json().data).toEqual({
      id: popup.id,
      title: 'Manutenzione',
      content: 'Le schermate del reddito si fermano 10 minuti stanotte.',
    });
    expect((await getAs(ctx, '/api/user/sys/popup-notice', member.token, { language: 'de_DE' })).json().data.title).toBe('Maintenance');
    await ctx.db.kysely.updateTable('notices').set({ active: 0 }).where('id', '=', popup.id).execute();
  });

  it('allows only the configured browser origins', async () => {
    const allowed = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/user/user/info',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-access-token,language' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('X-Access-Token');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/user/sys/info', headers: { origin: 'https://evil.example' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown paths with a localized 404 envelope', async () => {
    const res = await get('/api/user/nope', { language: 'tr_TR' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: 'Bulunamadı', data: null });
  });
});
