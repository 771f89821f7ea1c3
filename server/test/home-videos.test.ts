import { publishVideo, unpublishVideo } from '../src/features/messages';
import { OperatorError } from '../src/operator-error';
import { asMember, getAs, MANY_MEMBERS, signedInMember, staffSession, STAFF_CONFIG, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

type Video = { id: number; title: string; videoUrl: string; posterUrl: string };

/**
 * The home page's videos (/sys/videoCarousel, /sys/home-video): what staff publish, from the command
 * line's service or the console, is what members get, in their language, with a poster frame; bad input
 * is refused before anything changes; unpublished rows stay in the table; every action one audit row.
 */
describe.each(testDatabases())('home videos on %s', (_name, database) => {
  let ctx: TestContext;
  let member: TestMember;
  let content: Record<string, string>;
  let finance: Record<string, string>;
  beforeAll(async () => {
    ctx = await startApp(database, { ...MANY_MEMBERS, ...STAFF_CONFIG });
    member = await signedInMember(ctx);
    content = await staffSession(ctx, 'vera.content', 'content');
    finance = await staffSession(ctx, 'fin.videos', 'finance');
  });
  afterAll(async () => ctx.close());

  const carousel = async (language = 'en_US') => (await getAs(ctx, '/api/user/sys/videoCarousel', member.token, { language })).json().data as Video[];
  const homeVideo = async (language = 'en_US') => (await getAs(ctx, '/api/user/sys/home-video', member.token, { language })).json().data as Video | null;
  const auditOf = (target: string) => ctx.db.kysely.selectFrom('audit_log').select(['actor', 'actor_role', 'action', 'details']).where('target', '=', target).orderBy('id').execute();
  const rowCount = async () => Number((await ctx.db.kysely.selectFrom('videos').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);

  const draft = {
    placement: 'carousel',
    title: 'Inside the Oman site',
    video: 'https://media.example.com/tours/oman.mp4',
    poster: '/api/user/static/banner-rent.svg',
    sort: '5',
    translations: undefined as string | undefined,
    by: 'ann',
  };

  it('refuses a bad placement, video, poster, sort or translation, changing nothing', async () => {
    const at = ctx.clock();
    const before = await rowCount();
    const refused: [Partial<typeof draft>, RegExp][] = [
      [{ placement: 'sidebar' }, /--placement is one of carousel, home/],
      [{ title: ' ' }, /--title/],
      [{ video: undefined }, /A video is required/],
      [{ video: 'http://media.example.com/a.mp4' }, /--video must be an https/],
      [{ video: 'https://media.example.com/a.mov' }, /\.mp4 or \.webm/],
      [{ video: 'javascript:alert(1)//.mp4' }, /--video/],
      [{ poster: undefined }, /A poster frame is required/],
      [{ poster: 'data:image/png;base64,AAAA' }, /--poster/],
      [{ sort: '1001' }, /--sort/],
      [{ translations: '{"xx-XX":{"title":"?"}}' }, /not a locale tag/],
      [{ translations: '{"de-DE":{"subtitle":"?"}}' }, /not one of title/],
      [{ by: '' }, /./],
    ];
    for (const [change, message] of refused) {
      const attempt = publishVideo(ctx.db.kysely, { ...draft, ...change, at });
      await expect(attempt).rejects.toThrow(OperatorError);
      await expect(publishVideo(ctx.db.kysely, { ...draft, ...change, at })).rejects.toThrow(message);
    }
    expect(await rowCount()).toBe(before);
    expect(await carousel()).toEqual([]);
    expect(await homeVideo()).toBeNull();
  });

  it('lists the carousel in sort order and the newest home video, localized and with absolute addresses; unpublish keeps the row', async () => {
    const at = ctx.clock();
    const later = await publishVideo(ctx.db.kysely, { ...draft, at });
    const first = await publishVideo(ctx.db.kysely, {
      ...draft,
      title: 'How a payout is made',
      video: 'https://media.example.com/payout.webm?v=2',
      poster: 'https://media.example.com/payout.jpg',
      sort: '1',
      translations: JSON.stringify({ 'hi-IN': { title: 'भुगतान कैसे होता है' } }),
      at,
    });
    const shown = await carousel();
    expect(shown.map((v) => v.id)).toEqual([first.id, later.id]);
    expect(shown[0]).toEqual({ id: first.id, title: 'How a payout is made', videoUrl: 'https://media.example.com/payout.webm?v=2', posterUrl: 'https://media.example.com/payout.jpg' });
    // The server's own poster gets its public address.
    expect(new URL(shown[1].posterUrl).pathname).toBe('/api/user/static/banner-rent.svg');
    expect((await carousel('hi_IN'))[0].title).toBe('भुगतान कैसे होता है');
    expect((await carousel('de_DE'))[0].title).toBe('How a payout is made');
    // Without a session too: home's content is public, like the banners.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/sys/videoCarousel' })).json().data).toHaveLength(2);

    // The home video is a placement of its own: the newest published one.
    expect(await homeVideo()).toBeNull();
    const older = await publishVideo(ctx.db.kysely, { ...draft, placement: 'home', title: 'Welcome', at });
    const newest = await publishVideo(ctx.db.kysely, { ...draft, placement: 'home', title: 'Welcome, December', at });
    expect(await homeVideo()).toMatchObject({ id: newest.id, title: 'Welcome, December' });
    expect((await carousel()).map((v) => v.id)).toEqual([first.id, later.id]);

    await unpublishVideo(ctx.db.kysely, { id: newest.id, by: 'bob', at });
    expect(await homeVideo()).toMatchObject({ id: older.id });
    await expect(unpublishVideo(ctx.db.kysely, { id: newest.id, by: 'bob', at })).rejects.toThrow(/No published video/);
    await unpublishVideo(ctx.db.kysely, { id: older.id, by: 'bob', at });
    expect(await homeVideo()).toBeNull();
    const kept = await ctx.db.kysely.selectFrom('videos').select(['id', 'active']).where('id', 'in', [older.id, newest.id]).orderBy('id').execute();
    expect(kept).toEqual([
      { id: older.id, active: 0 },
      { id: newest.id, active: 0 },
    ]);

    expect(await auditOf(`video:${newest.id}`)).toEqual([
      { actor: 'ann', actor_role: null, action: 'video.publish', details: 'home: Welcome, December https://media.example.com/tours/oman.mp4' },
      { actor: 'bob', actor_role: null, action: 'video.unpublish', details: null },
    ]);
    for (const v of [first, later]) await unpublishVideo(ctx.db.kysely, { id: v.id, by: 'ann', at });
    expect(await carousel()).toEqual([]);
  });

  it('content staff publish, list and unpublish from the console with the session\'s name and role; other roles are refused', async () => {
    const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      ctx.app.inject({ method, url, headers: { ...headers, 'x-forwarded-for': '203.0.113.7' }, payload });
    const body = { placement: 'home', title: 'Our machines at work', video: 'https://media.example.com/work.mp4', poster: 'https://media.example.com/work.jpg' };

    const before = await rowCount();
    expect((await call(finance, 'POST', '/admin/content/videos', body)).statusCode).toBe(403);
    expect((await call(asMember(member.token), 'POST', '/admin/content/videos', body)).statusCode).toBe(403);
    expect((await call(content, 'POST', '/admin/content/videos', { ...body, poster: 'ftp://x/y.jpg' })).json()).toMatchObject({ code: 409, msg: expect.stringMatching(/--poster/) });
    expect((await call(content, 'POST', '/admin/content/videos', { ...body, placement: 'sidebar' })).statusCode).toBe(400);
    expect(await rowCount()).toBe(before);

    const published = (await call(content, 'POST', '/admin/content/videos', { ...body, by: 'someone.else' })).json();
    expect(published).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const id = published.data.id as number;
    expect(await homeVideo()).toMatchObject({ id, title: 'Our machines at work', posterUrl: 'https://media.example.com/work.jpg' });
    const listed = (await call(content, 'GET', '/admin/content/videos?pageSize=10')).json().data;
    expect(listed.list[0]).toMatchObject({ id, placement: 'home', title: 'Our machines at work', videoUrl: body.video, posterUrl: body.poster, sort: 0, active: true });

    expect((await call(finance, 'POST', `/admin/content/videos/${id}/unpublish`, {})).statusCode).toBe(403);
    expect((await call(content, 'POST', `/admin/content/videos/${id}/unpublish`, {})).json()).toMatchObject({ code: 200 });
    expect((await call(content, 'POST', `/admin/content/videos/${id}/unpublish`, {})).json()).toMatchObject({ code: 404 });
    expect(await homeVideo()).toBeNull();

    const audit = await ctx.db.kysely.selectFrom('audit_log').select(['actor', 'actor_role', 'action', 'source_address']).where('target', '=', `video:${id}`).orderBy('id').execute();
    expect(audit).toEqual([
      { actor: 'vera.content', actor_role: 'content', action: 'video.publish', source_address: expect.any(String) },
      { actor: 'vera.content', actor_role: 'content', action: 'video.unpublish', source_address: expect.any(String) },
    ]);
  });
});
