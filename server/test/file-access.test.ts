import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { migrateTo, migrateToLatest } from '../src/db/migrations';
import { reviewPost } from '../src/features/community';
import { createStaff } from '../src/features/staff';
import { AS_STAFF, asMember, getAs, MANY_MEMBERS, multipartForm, post, signedInMember, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

jest.setTimeout(120_000);

const HOUR = 3_600_000;
const ELEVEN_WORDS = 'My withdrawal from yesterday has not arrived yet, please check it.';
const picture = (colour = '#3366cc') => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();


/** Who may fetch GET /api/user/files/:id: avatars and Passed posts' images anyone; the rest their owner and staff, through signed links. */
describe.each(testDatabases())('file access on %s', (_name, database) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  const staffTokens = new Map<string, string>();
  const staffIds = new Map<string, number>();

  beforeAll(async () => {
    ctx = await startApp(database, { ...MANY_MEMBERS, staff: { fourEyesThreshold: 10n ** 15n, idleMinutes: 24 * 60, totpKey: 'a test key of at least thirty-two characters' } });
    alice = await signedInMember(ctx);
    bob = await signedInMember(ctx);
    for (const role of ['content', 'support'] as const) {
      const created = await createStaff(ctx.db.kysely, { login: role, role, password: 'staff-password-123', totpKey: ctx.config.staff.totpKey, by: 'test-operator', at: ctx.clock() });
      const secret = new URL(created.otpauthUri).searchParams.get('secret')!;
      ctx.advance(31_000);
      const code = generateSync({ secret, epoch: Math.floor(ctx.clock().getTime() / 1000) });
      const res = await post(ctx.app, '/admin/session', { login: role, password: 'staff-password-123', code });
      expect(res.json()).toMatchObject({ code: 200 });
      staffTokens.set(role, res.json().data.token);
      staffIds.set(role, created.id);
    }
  });
  afterAll(() => ctx.close());

  /** A file URL as a browser's <img> fetches it: no session header, whatever the page holds. */
  const fetchAsImg = (url: string) => ctx.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
  const plain = (url: string) => new URL(url).pathname;
  const upload = (m: TestMember, url: string, fields: Record<string, string>, field: string, bytes: Buffer) => {
    const body = multipartForm(fields, { field, filename: 'shot.png', type: 'image/png', bytes });
    return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...asMember(m.token) } });
  };
  const staffGet = (role: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: asMember(staffTokens.get(role)!) });
  const myPosts = async (m: TestMember) => (await getAs(ctx, '/api/comment/square/my?pageNum=1&pageSize=50', m.token)).json().data.list as { id: number; urls: string[] }[];
  const feed = async (m: TestMember) => (await getAs(ctx, '/api/comment/square/list?pageNum=1&pageSize=50', m.token)).json().data.list as { id: number; urls: string[] }[];

  function expectPrivate(res: LightMyRequestResponse) {
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'.*sandbox/);
  }
  function expectPublic(res: LightMyRequestResponse) {
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'.*sandbox/);
  }
  const expectRefused = async (path: string) => {
    // Not even a member's or staff's session header opens a private file without its link: 404, like no file.
    for (const headers of [{}, asMember(bob.token), asMember(alice.token), asMember(staffTokens.get('content')!)]) {
      expect((await ctx.app.inject({ method: 'GET', url: path, headers })).json()).toMatchObject({ code: 404 });
    }
  };

  it('an avatar is public: anyone fetches it, cached by anyone', async () => {
    const up = await upload(alice, '/api/user/user/modify-head', {}, 'avatar', await picture());
    const headUrl = up.json().data.headUrl as string;
    expect(headUrl).not.toContain('?');
    expectPublic(await fetchAsImg(headUrl));
  });

  it('a pending post image goes only to its author (a signed link) until staff pass it, then to everyone', async () => {
    const sent = await upload(alice, '/api/comment/square/add', { content: '<p>My new rig</p>' }, 'images', await picture());
    const [link] = sent.json().data.urls as string[];
    expect(new URL(link).searchParams.get('viewer')).toBe(`m${alice.id}`);
    expectPrivate(await fetchAsImg(link));
    await expectRefused(plain(link));
    // The same link on the author's list, shown again within the hour: the browser asks for one URL.
    const id = sent.json().data.id as number;
    expect((await myPosts(alice)).find((p) => p.id === id)!.urls).toEqual([link]);

    // Tampered links answer like a missing file.
    const u = new URL(link);
    const forged = (name: string, value: string) => {
      const copy = new URL(u);
      copy.searchParams.set(name, value);
      return copy.pathname + copy.search;
    };
    expect((await ctx.app.inject({ method: 'GET', url: forged('viewer', `m${bob.id}`) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: forged('exp', String(Number(u.searchParams.get('exp')) + 3600)) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: forged('sig', 'A'.repeat(43)) })).statusCode).toBe(404);

    // A link ends within two hours; the author's list then gives a new one.
    ctx.advance(2 * HOUR + 1000);
    expect((await fetchAsImg(link)).statusCode).toBe(404);
    const [fresh] = (await myPosts(alice)).find((p) => p.id === id)!.urls;
    expect(fresh).not.toBe(link);
    expectPrivate(await fetchAsImg(fresh));

    // Staff review it from the console's queue, whose links are signed for the staff member.
    const queued = (await staffGet('content', '/admin/posts?pageSize=100')).json().data.list.find((p: { id: number }) => p.id === id);
    expect(queued).toMatchObject({ images: 1, urls: [expect.stringContaining(`viewer=s${staffIds.get('content')}`)] });
    expectPrivate(await fetchAsImg(queued.urls[0]));

    await reviewPost(ctx.db, { id, decision: 'pass', at: ctx.clock(), ...AS_STAFF });
    const [published] = (await feed(bob)).find((p) => p.id === id)!.urls;
    expect({ path: new URL(published).pathname, query: new URL(published).search }).toEqual({ path: u.pathname, query: '' });
    expect((await myPosts(alice)).find((p) => p.id === id)!.urls).toEqual([published]);
    expectPublic(await fetchAsImg(published));
  });

  it("a failed post's images stay with its author", async () => {
    const sent = await upload(alice, '/api/comment/square/add', { content: '<p>Another rig</p>' }, 'images', await picture('#aa3300'));
    const id = sent.json().data.id as number;
    await reviewPost(ctx.db, { id, decision: 'fail', reason: 'Not a mining rig', at: ctx.clock(), ...AS_STAFF });
    const [link] = (await myPosts(alice)).find((p) => p.id === id)!.urls;
    expectPrivate(await fetchAsImg(link));
    await expectRefused(plain(link));
    expect((await feed(bob)).map((p) => p.id)).not.toContain(id);
  });

  it('a join-group screenshot: its member and the content staff, while that staff account is enabled', async () => {
    const sent = await upload(bob, '/api/user/joinGroup/upload', {}, 'image', await picture('#00aa66'));
    const link = sent.json().data.submission.link as string;
    expect(new URL(link).searchParams.get('viewer')).toBe(`m${bob.id}`);
    expectPrivate(await fetchAsImg(link));
    await expectRefused(plain(link));
    expect((await getAs(ctx, '/api/user/joinGroup/status', bob.token)).json().data.submission.link).toBe(link);

    const queued = (await staffGet('content', '/admin/submissions?pageSize=100')).json().data.list.find((s: { phone: string }) => s.phone === bob.phone);
    expect(queued.link).toMatch(/^https?:\/\/.+\/api\/user\/files\/[A-Za-z0-9_-]+\?exp=\d+&viewer=s\d+&sig=/);
    expectPrivate(await fetchAsImg(queued.link));
    // A member's own link never opens another member's file: the owner is checked, not only the signature.
    const aliceShot = await upload(alice, '/api/user/joinGroup/upload', {}, 'image', await picture('#6600aa'));
    const aliceLink = new URL(aliceShot.json().data.submission.link as string);
    const bobLink = new URL(link);
    expect((await ctx.app.inject({ method: 'GET', url: `${aliceLink.pathname}${bobLink.search}` })).statusCode).toBe(404);

    // An operator disables the staff account: its links stop at once.
    await ctx.db.kysely.updateTable('staff').set({ disabled: 1 }).where('id', '=', staffIds.get('content')!).execute();
    expect((await fetchAsImg(queued.link)).statusCode).toBe(404);
    await ctx.db.kysely.updateTable('staff').set({ disabled: 0 }).where('id', '=', staffIds.get('content')!).execute();
    expectPrivate(await fetchAsImg(queued.link));
  });

  it('a feedback attachment: support staff open it from the console, nobody else', async () => {
    const sent = await upload(bob, '/api/push/feedback/create', { content: ELEVEN_WORDS }, 'file', await picture('#999900'));
    expect(sent.json()).toMatchObject({ code: 200, data: { attachment: true } });
    const row = (await staffGet('support', '/admin/feedback?pageSize=100')).json().data.list.find((f: { id: number }) => f.id === sent.json().data.id);
    expect(row.attachment).toMatch(new RegExp(`^https?://.+/api/user/files/[A-Za-z0-9_-]+\\?exp=\\d+&viewer=s${staffIds.get('support')}&sig=`));
    expectPrivate(await fetchAsImg(row.attachment));
    await expectRefused(plain(row.attachment));
  });

  it('upgrading classifies the files of before: avatars public, post images by their post, screenshots and feedback attachments private', async () => {
    const { db, drop } = await database.open();
    try {
      await migrateTo(db.kysely, db.dialect, '0044_guess_counters');
      const at = '2026-11-01T00:00:00.000Z';
      await sql`INSERT INTO users (id, phone, password_hash, name, invite_code, created_at) VALUES (1, '9876543210', 'x', 'Asha', 'CODE1', ${at})`.execute(db.kysely);
      for (const id of ['avatar-file-1', 'post-file-passed', 'post-file-pending', 'screenshot-file']) {
        await db.kysely.insertInto('files').values({ id, owner_id: 1, mime: 'image/png', bytes: Buffer.alloc(0), created_at: at } as never).execute();
      }
      const postRow = (status: number) => sql<{ id: number }>`INSERT INTO posts (user_id, content, status, created_at) VALUES (1, 'rig', ${status}, ${at}) RETURNING id`.execute(db.kysely);
      const passed = (await postRow(1)).rows[0].id;
      const pending = (await postRow(0)).rows[0].id;
      await sql`INSERT INTO post_images (post_id, file_id, position) VALUES (${passed}, 'post-file-passed', 0), (${pending}, 'post-file-pending', 0)`.execute(db.kysely);
      await sql`INSERT INTO reward_submissions (user_id, kind, file_id, status, open_key, created_at) VALUES (1, 'joingroup', 'screenshot-file', 'Pending', 'joingroup:1', ${at})`.execute(db.kysely);
      await sql`INSERT INTO feedback (user_id, content, attachment, attachment_type, attachment_size, created_at) VALUES (1, 'words', 'fb-0b0e5a52-8f4c-4b8e-9d43-1c1e0e3f7a11', 'image/png', 10, ${at}), (1, 'words', 'fb-old.png', 'image/png', 10, ${at})`.execute(db.kysely);
      await migrateToLatest(db.kysely, db.dialect);
      const rows = await db.kysely.selectFrom('files').select(['id', 'purpose', 'owner_id', 'mime']).orderBy('id').execute();
      expect(rows.map((r) => ({ ...r, owner_id: Number(r.owner_id) }))).toEqual([
        { id: 'avatar-file-1', purpose: 'avatar', owner_id: 1, mime: 'image/png' },
        { id: 'fb-0b0e5a52-8f4c-4b8e-9d43-1c1e0e3f7a11', purpose: 'feedback', owner_id: 1, mime: 'image/png' },
        { id: 'post-file-passed', purpose: 'post', owner_id: 1, mime: 'image/png' },
        { id: 'post-file-pending', purpose: 'post', owner_id: 1, mime: 'image/png' },
        { id: 'screenshot-file', purpose: 'submission', owner_id: 1, mime: 'image/png' },
      ]);
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });
});
