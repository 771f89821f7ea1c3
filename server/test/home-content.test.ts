import { publishCarousel, publishNotice, sendStaffMessage, unpublishCarousel, unpublishNotice } from '../src/features/messages';
import { OperatorError } from '../src/operator-error';
import { asMember, getAs, MANY_MEMBERS, signedInMember, startApp, type TestContext, testDatabases, type TestMember } from './helpers';

/**
 * The home page's published content (carousel, scrolling and pop-up notices) and staff's push messages:
 * what staff publish is what members get, the pop-up once per notice per member (decided by the server),
 * and every staff action one audit row.
 */
describe.each(testDatabases())('published home content and staff messages on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx.close());

  const get = (m: TestMember, url: string, headers: Record<string, string> = {}) => getAs(ctx, url, m.token, headers);
  const popup = async (m: TestMember, headers: Record<string, string> = {}) => (await get(m, '/api/user/sys/popup-notice', headers)).json().data;
  const seen = (m: TestMember | null, id: number) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/sys/popup-notice/seen', payload: { id }, headers: m ? asMember(m.token) : {} });
  const auditOf = (prefix: string) =>
    ctx.db.kysely.selectFrom('audit_log').select(['actor', 'action', 'target', 'details']).where('target', 'like', `${prefix}%`).orderBy('id').execute();
  const views = async () => Number((await ctx.db.kysely.selectFrom('popup_views').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);

  it('shows a pop-up notice once per notice per member: the server records each view, idempotently', async () => {
    const a = await signedInMember(ctx);
    const b = await signedInMember(ctx);
    const at = ctx.clock();
    const older = await publishNotice(ctx.db.kysely, {
      kind: 'popup',
      title: 'Maintenance',
      content: 'Income screens pause tonight.',
      translations: JSON.stringify({ 'fr-FR': { title: 'Maintenance prévue', content: 'Les écrans de revenus font une pause ce soir.' } }),
      by: 'ann',
      at,
    });
    expect(await popup(a, { language: 'fr_FR' })).toEqual({ id: older.id, title: 'Maintenance prévue', content: 'Les écrans de revenus font une pause ce soir.' });

    // Reported twice at once, then again: one view.
    const before = await views();
    const reports = await Promise.all([seen(a, older.id), seen(a, older.id)]);
    expect(reports.map((r) => r.json().code)).toEqual([200, 200]);
    expect((await seen(a, older.id)).json()).toMatchObject({ code: 200, data: null });
    expect(await views()).toBe(before + 1);
    expect(await popup(a)).toBeNull();
    // Another member has not seen it, in another browser or this one.
    expect(await popup(b)).toMatchObject({ id: older.id, title: 'Maintenance' });

    // A newer pop-up is offered to both; once seen, the older one (already seen by a) does not come back.
    const newer = await publishNotice(ctx.db.kysely, { kind: 'popup', title: 'New machines', content: 'S21 units are on sale.', translations: undefined, by: 'ann', at });
    expect(await popup(a)).toMatchObject({ id: newer.id });
    expect((await seen(a, newer.id)).json().code).toBe(200);
    expect(await popup(a)).toBeNull();
    expect(await popup(b)).toMatchObject({ id: newer.id });
    expect((await seen(b, newer.id)).json().code).toBe(200);
    expect(await popup(b)).toMatchObject({ id: older.id });

    // /index/alert still reads every published pop-up, seen or not.
    const list = (await get(a, '/api/user/sys/queryPopUpRwList')).json().data as { id: number }[];
    expect(list.map((n) => n.id).slice(0, 2)).toEqual([newer.id, older.id]);

    // Unpublished: offered to nobody, and a view of it is "not found"; so is a scrolling notice or no notice.
    await unpublishNotice(ctx.db.kysely, { id: older.id, by: 'ann', at });
    expect(await popup(b)).toBeNull();
    const viewsNow = await views();
    const gone = await seen(b, older.id);
    expect(gone.statusCode).toBe(404);
    const scroll = await publishNotice(ctx.db.kysely, { kind: 'scroll', title: undefined, content: 'Scrolling text', translations: undefined, by: 'ann', at });
    expect((await seen(b, scroll.id)).statusCode).toBe(404);
    expect((await seen(b, 999_999)).statusCode).toBe(404);
    expect(await views()).toBe(viewsNow);

    // Without a session: refused, nothing recorded.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/sys/popup-notice' })).statusCode).toBe(401);
    expect((await seen(null, newer.id)).statusCode).toBe(401);
    expect(await views()).toBe(viewsNow);
  });

  it('staff publish and unpublish banners and scrolling notices; members see exactly the published ones, each action audited', async () => {
    const m = await signedInMember(ctx);
    const at = ctx.clock();
    const carousel = async (language = 'en_US') => (await get(m, '/api/user/sys/carousel', { language })).json().data as { id: number; title: string; imageUrl: string; link: string }[];
    const scrolls = async (language = 'en_US') => (await get(m, '/api/user/sys/scroll-notice', { language })).json().data as string[];
    const seededBanners = (await carousel()).length;
    const auditBefore = (await auditOf('carousel:')).length + (await auditOf('notice:')).length;

    // Refused before anything changes: no image, a javascript: link, a bad sort, an unknown language, no operator.
    const banner = { title: 'Pool report', subtitle: 'October figures', image: '/api/user/static/banner-rent.svg', link: '#/news', sort: '0', translations: undefined, by: 'ann', at };
    await expect(publishCarousel(ctx.db.kysely, { ...banner, image: undefined })).rejects.toThrow(/image is required/);
    await expect(publishCarousel(ctx.db.kysely, { ...banner, link: 'javascript:alert(1)' })).rejects.toThrow(/--link/);
    await expect(publishCarousel(ctx.db.kysely, { ...banner, image: 'http://plain.example/a.png' })).rejects.toThrow(/--image/);
    await expect(publishCarousel(ctx.db.kysely, { ...banner, sort: '-1' })).rejects.toThrow(/--sort/);
    await expect(publishCarousel(ctx.db.kysely, { ...banner, translations: '{"xx-XX":{"title":"?"}}' })).rejects.toThrow(/not a locale tag/);
    await expect(publishCarousel(ctx.db.kysely, { ...banner, by: '' })).rejects.toThrow(OperatorError);
    await expect(publishNotice(ctx.db.kysely, { kind: 'scroll', title: 'Titled', content: 'x', translations: undefined, by: 'ann', at })).rejects.toThrow(/no title/);
    await expect(publishNotice(ctx.db.kysely, { kind: 'popup', title: undefined, content: 'x', translations: undefined, by: 'ann', at })).rejects.toThrow(/--title/);
    await expect(publishNotice(ctx.db.kysely, { kind: 'banner', title: undefined, content: 'x', translations: undefined, by: 'ann', at })).rejects.toThrow(/--kind/);
    expect(await carousel()).toHaveLength(seededBanners);
    expect((await auditOf('carousel:')).length + (await auditOf('notice:')).length).toBe(auditBefore);

    const first = await publishCarousel(ctx.db.kysely, { ...banner, translations: JSON.stringify({ 'de-DE': { title: 'Pool-Bericht' } }) });
    const shown = await carousel();
    // Sort 0 shows before the seeded banners (1, 2, 3); the server's own artwork gets its public address.
    expect(shown[0]).toMatchObject({ id: first.id, title: 'Pool report', subtitle: 'October figures', link: '#/news' });
    expect(new URL(shown[0].imageUrl).pathname).toBe('/api/user/static/banner-rent.svg');
    expect((await carousel('de_DE'))[0].title).toBe('Pool-Bericht');

    const scroll = await publishNotice(ctx.db.kysely, { kind: 'scroll', title: undefined, content: 'Bank withdrawals arrive within 72 hours.', translations: undefined, by: 'bob', at });
    expect(await scrolls()).toContain('Bank withdrawals arrive within 72 hours.');

    await unpublishCarousel(ctx.db.kysely, { id: first.id, by: 'ann', at });
    await expect(unpublishCarousel(ctx.db.kysely, { id: first.id, by: 'ann', at })).rejects.toThrow(/No published carousel item/);
    await unpublishNotice(ctx.db.kysely, { id: scroll.id, by: 'bob', at });
    expect((await carousel()).map((b) => b.id)).not.toContain(first.id);
    expect(await scrolls()).not.toContain('Bank withdrawals arrive within 72 hours.');

    expect(await auditOf(`carousel:${first.id}`)).toEqual([
      { actor: 'ann', action: 'carousel.publish', target: `carousel:${first.id}`, details: 'Pool report' },
      { actor: 'ann', action: 'carousel.unpublish', target: `carousel:${first.id}`, details: null },
    ]);
    expect(await auditOf(`notice:${scroll.id}`)).toEqual([
      { actor: 'bob', action: 'notice.publish', target: `notice:${scroll.id}`, details: 'scroll: Bank withdrawals arrive within 72 hours.' },
      { actor: 'bob', action: 'notice.unpublish', target: `notice:${scroll.id}`, details: null },
    ]);
  });

  it('staff send a message to one member (phone or id) or to every member in one statement; one audit row each', async () => {
    const a = await signedInMember(ctx);
    const b = await signedInMember(ctx);
    const at = ctx.clock();
    const unread = async (m: TestMember) => (await get(m, '/api/push/unread')).json().data.count as number;
    const [a0, b0] = [await unread(a), await unread(b)];

    await expect(sendStaffMessage(ctx.db.kysely, { to: '9999999999', title: 'Hi', body: 'x', by: 'ann', at })).rejects.toThrow(/No member 9999999999/);
    await expect(sendStaffMessage(ctx.db.kysely, { to: a.phone, title: ' ', body: 'x', by: 'ann', at })).rejects.toThrow(/--title/);
    expect(await unread(a)).toBe(a0);

    expect(await sendStaffMessage(ctx.db.kysely, { to: a.phone, title: 'Your KYC', body: 'Please upload a clearer photo.', by: 'ann', at })).toEqual({ count: 1, target: `member:${a.id}` });
    expect(await sendStaffMessage(ctx.db.kysely, { to: `id:${b.id}`, title: 'Welcome', body: 'Glad to have you.', by: 'ann', at })).toEqual({ count: 1, target: `member:${b.id}` });
    expect([await unread(a), await unread(b)]).toEqual([a0 + 1, b0 + 1]);
    expect((await get(a, '/api/push/record', { language: 'ta_IN' })).json().data.list[0]).toMatchObject({ title: 'Your KYC', content: 'Please upload a clearer photo.', read: false });

    const members = Number((await ctx.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const all = await sendStaffMessage(ctx.db.kysely, { to: 'all', title: 'Pool maintenance', body: 'Sunday 02:00-04:00 UTC.', by: 'bob', at });
    expect(all).toEqual({ count: members, target: 'members:all' });
    expect([await unread(a), await unread(b)]).toEqual([a0 + 2, b0 + 2]);
    expect((await get(b, '/api/push/record')).json().data.list[0]).toMatchObject({ title: 'Pool maintenance', content: 'Sunday 02:00-04:00 UTC.' });

    expect((await auditOf('member')).slice(-3)).toEqual([
      { actor: 'ann', action: 'push.send', target: `member:${a.id}`, details: 'Your KYC (1 member)' },
      { actor: 'ann', action: 'push.send', target: `member:${b.id}`, details: 'Welcome (1 member)' },
      { actor: 'bob', action: 'push.send', target: 'members:all', details: `Pool maintenance (${members} members)` },
    ]);
  });
});
