import sharp from 'sharp';
import { likePost, postForMember, reviewPost } from '../src/features/community';
import { OperatorError } from '../src/operator-error';
import { getAs, MANY_MEMBERS, post, signedInMember, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

jest.setTimeout(120_000);

/** A multipart body of text fields and image parts named "images". */
function postForm(fields: Record<string, string>, images: Buffer[]) {
  const boundary = '----rigshareCommunity' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  images.forEach((bytes, i) => {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from('\r\n'));
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (w = 40, h = 30) => sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } }).png().toBuffer();

describe.each(testDatabases())('community on %s', (_name, database) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  const limits = { postsPerHour: 3, commentsPerHour: 8 };

  beforeAll(async () => {
    ctx = await startApp(database, { ...MANY_MEMBERS, community: limits });
    alice = await signedInMember(ctx);
    bob = await signedInMember(ctx);
  });
  afterAll(() => ctx.close());

  const addText = (m: TestMember, content: string, extra: Record<string, string> = {}) =>
    post(ctx.app, '/api/comment/square/addText', { content, ...extra }, { 'x-access-token': m.token });
  const addWithImages = (m: TestMember, content: string, images: Buffer[]) => {
    const body = postForm({ content }, images);
    return ctx.app.inject({ method: 'POST', url: '/api/comment/square/add', payload: body.payload, headers: { ...body.headers, 'x-access-token': m.token } });
  };
  const feed = async (m: TestMember, pageNum = 1) => (await getAs(ctx, `/api/comment/square/list?pageNum=${pageNum}&pageSize=10`, m.token)).json().data;
  const mine = async (m: TestMember) => (await getAs(ctx, '/api/comment/square/my?pageNum=1&pageSize=50', m.token)).json().data;
  const like = (m: TestMember, id: number) => post(ctx.app, '/api/comment/thumbsUp/square', { squareId: String(id) }, { 'x-access-token': m.token });
  const comment = (m: TestMember, fields: Record<string, string>) => post(ctx.app, '/api/comment/comment/text', fields, { 'x-access-token': m.token });
  const postCount = async () => Number((await ctx.db.kysely.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const pass = (id: number) => reviewPost(ctx.db, { id, decision: 'pass', by: 'moderator-ann', at: ctx.clock() });
  /** Moves past the hourly windows so each test starts with a fresh allowance. */
  const nextHour = () => ctx.advance(3_600_001);

  it('a post waits for review, staff pass it, it reaches the feed newest first and the member is told', async () => {
    nextHour();
    const xss = '<p>Hello <b>rig</b></p><script>alert(1)</script><img src=x onerror=alert(2)>';
    const clean = '<p>Hello <b>rig</b></p>';
    const sent = await addText(alice, xss);
    expect(sent.json()).toMatchObject({ code: 200, msg: 'Sent. Your post is waiting for review', data: { status: 0, content: clean, failReason: null, postedByStaff: null } });
    const id = sent.json().data.id as number;
    expect((await feed(bob)).list.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await mine(bob)).list.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await mine(alice)).list[0]).toMatchObject({ id, status: 0 });

    await pass(id);
    const first = (await feed(bob)).list[0];
    expect(first).toMatchObject({ id, status: 1, content: clean, thumbsUpNum: 0, commentNum: 0, hasThumbsUp: false });
    const audit = await ctx.db.kysely.selectFrom('audit_log').selectAll().where('target', '=', `post:${id}`).execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'moderator-ann', action: 'post.pass' })]);
    const message = await ctx.db.kysely.selectFrom('push_messages').selectAll().where('user_id', '=', alice.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(message.title_key).toBe('pushPostPassedTitle');
    await expect(pass(id)).rejects.toThrow(OperatorError);
  });

  it('a failed post shows its reason in my posts only, never in the feed; a reason is required', async () => {
    nextHour();
    const id = (await addText(alice, 'Buy my course now')).json().data.id as number;
    await expect(reviewPost(ctx.db, { id, decision: 'fail', reason: ' ', by: 'ann', at: ctx.clock() })).rejects.toThrow('reason');
    await reviewPost(ctx.db, { id, decision: 'fail', reason: 'Advertising is not allowed', by: 'ann', at: ctx.clock() });
    expect((await mine(alice)).list.find((p: { id: number }) => p.id === id)).toMatchObject({ status: 2, failReason: 'Advertising is not allowed' });
    expect((await feed(bob)).list.map((p: { id: number }) => p.id)).not.toContain(id);
    const message = await ctx.db.kysely.selectFrom('push_messages').selectAll().where('user_id', '=', alice.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(message.params ?? '{}')).toMatchObject({ reason: 'Advertising is not allowed' });
  });

  it('refuses empty content, a bad video link, an over-long post, and changes nothing', async () => {
    nextHour();
    const before = await postCount();
    expect((await addText(alice, '   ')).json()).toMatchObject({ code: 400, msg: 'Please write something to post' });
    expect((await addText(alice, '<p> </p><br>')).json()).toMatchObject({ code: 400, msg: 'Please write something to post' });
    expect((await addText(alice, 'ok', { videoUrl: 'javascript:alert(1)' })).json()).toMatchObject({ code: 400, msg: 'The video link must start with http:// or https://' });
    expect((await addText(alice, 'x'.repeat(5001))).json()).toMatchObject({ code: 400, msg: 'The post is too long, the limit is 5000 characters' });
    expect(await postCount()).toBe(before);
  });

  it('stores decoded images (up to 9) and refuses a non-image, a cut-short image, a 2 MB+ image and a 10th image', async () => {
    nextHour();
    const good = await addWithImages(alice, '<p>My rigs</p>', [await png(), await png(20, 20)]);
    expect(good.json()).toMatchObject({ code: 200, data: { status: 0 } });
    const urls = good.json().data.urls as string[];
    expect(urls).toHaveLength(2);
    // Pending: the author's link is signed for them; the file alone is not served.
    const link = new URL(urls[0]);
    const file = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(file.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
    expect((await ctx.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(404);

    nextHour();
    const before = await postCount();
    const text = await addWithImages(alice, 'text file', [Buffer.from('just some words, not a picture at all')]);
    expect(text.statusCode).toBe(415);
    const whole = await png(200, 200);
    const cut = await addWithImages(alice, 'cut', [whole.subarray(0, Math.floor(whole.length / 2))]);
    expect(cut.json()).toMatchObject({ code: 415, msg: 'This file is not a readable image' });
    const big = await addWithImages(alice, 'big', [Buffer.concat([whole, Buffer.alloc(2 * 1024 * 1024)])]);
    expect(big.json()).toMatchObject({ code: 413, msg: 'The image is too large, the limit is 2 MB' });
    const ten = await addWithImages(alice, 'ten', Array.from({ length: 10 }, () => whole));
    expect(ten.json()).toMatchObject({ code: 400, msg: 'At most 9 images per post' });
    expect(await postCount()).toBe(before);
  });

  it('likes once per member, also when the same member likes concurrently; no like on a post not Passed', async () => {
    nextHour();
    const id = (await addText(bob, 'Like me')).json().data.id as number;
    expect((await like(alice, id)).json()).toMatchObject({ code: 404, msg: 'This post does not exist or is not published' });
    expect((await like(alice, 999_999)).statusCode).toBe(404);
    await pass(id);
    const replies = await Promise.all(Array.from({ length: 8 }, () => like(alice, id)));
    expect(replies.every((r) => r.json().code === 200)).toBe(true);
    // A second server process on the same database, liking at the same moment.
    const other = ctx.reopen();
    await Promise.all([likePost(other, alice.id, id, ctx.clock()), likePost(other, alice.id, id, ctx.clock()), like(alice, id)]);
    await other.kysely.destroy();
    await like(bob, id);
    const rows = await ctx.db.kysely.selectFrom('post_likes').selectAll().where('post_id', '=', id).execute();
    expect(rows).toHaveLength(2);
    const seen = (await feed(alice)).list.find((p: { id: number }) => p.id === id);
    expect(seen).toMatchObject({ thumbsUpNum: 2, hasThumbsUp: true });
  });

  it('comments page 5 at a time oldest first; a reply names its target; bad targets are refused', async () => {
    nextHour();
    const id = (await addText(alice, 'Discuss')).json().data.id as number;
    expect((await comment(bob, { squareId: String(id), content: 'early' })).json().code).toBe(404);
    await pass(id);
    for (let i = 1; i <= 6; i++) {
      const sent = await comment(i % 2 ? bob : alice, { squareId: String(id), content: `c${i}` });
      expect(sent.json()).toMatchObject({ code: 200, msg: 'Comment sent', data: { content: `c${i}`, toUserName: null } });
    }
    const page1 = (await getAs(ctx, `/api/comment/comment/list?squareId=${id}&pageNum=1`, bob.token)).json().data;
    expect(page1.total).toBe(6);
    expect(page1.list.map((c: { content: string }) => c.content)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    const target = page1.list[0];
    const reply = await comment(alice, { squareId: String(id), commentId: String(target.id), content: 'agreed' });
    expect(reply.json().data).toMatchObject({ content: 'agreed', toUserName: target.username });
    const page2 = (await getAs(ctx, `/api/comment/comment/list?squareId=${id}&pageNum=2`, bob.token)).json().data;
    expect(page2.list.map((c: { content: string; toUserName: string | null }) => [c.content, c.toUserName])).toEqual([
      ['c6', null],
      ['agreed', target.username],
    ]);
    const otherPost = (await addText(bob, 'Other')).json().data.id as number;
    await pass(otherPost);
    expect((await comment(alice, { squareId: String(otherPost), commentId: String(target.id), content: 'wrong post' })).json()).toMatchObject({
      code: 404,
      msg: 'The comment you are replying to does not exist',
    });
    expect((await comment(alice, { squareId: String(id), content: '  ' })).json()).toMatchObject({ code: 400, msg: 'Please write a comment' });
    expect((await feed(bob)).list.find((p: { id: number }) => p.id === id).commentNum).toBe(7);
  });

  it('limits posts and comments per member per hour from configuration, also under concurrency', async () => {
    nextHour();
    const carol = await signedInMember(ctx);
    const sent = await Promise.all(Array.from({ length: 6 }, (_, i) => addText(carol, `post ${i}`)));
    const codes = sent.map((r) => r.json().code).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
    expect(sent.find((r) => r.json().code === 429)!.json().msg).toBe('You can post 3 times per hour. Please try again later');
    expect((await mine(carol)).total).toBe(3);

    const id = (await addText(alice, 'comment limit')).json().data.id as number;
    await pass(id);
    const comments = await Promise.all(Array.from({ length: 10 }, (_, i) => comment(carol, { squareId: String(id), content: `n${i}` })));
    expect(comments.filter((r) => r.json().code === 200)).toHaveLength(8);
    expect(comments.find((r) => r.json().code === 429)!.json().msg).toBe('You can comment 8 times per hour. Please try again later');
    nextHour();
    expect((await addText(carol, 'an hour later')).json().code).toBe(200);
    expect((await comment(carol, { squareId: String(id), content: 'later' })).json().code).toBe(200);
  });

  it('staff may post for a member only with the visible mark and role, and an audit row names them', async () => {
    await expect(postForMember(ctx.db, { member: { phone: bob.phone }, content: 'Hi', role: 'admin', by: 'ann', at: ctx.clock() })).rejects.toThrow('--role');
    await expect(postForMember(ctx.db, { member: { phone: bob.phone }, content: 'Hi', role: 'manager', by: ' ', at: ctx.clock() })).rejects.toThrow('--by');
    const bobsMessages = async () => (await getAs(ctx, '/api/push/record?pageNum=1&pageSize=50', bob.token)).json().data.list as { title: string; content: string }[];
    const before = (await bobsMessages()).length;
    const id = await postForMember(ctx.db, { member: { phone: bob.phone }, content: '<p>Welcome to the team</p>', role: 'guide_manager', by: 'ann.lee', at: ctx.clock() });
    expect((await feed(alice)).list.find((p: { id: number }) => p.id === id)).toMatchObject({ status: 1, postedByStaff: { role: 'guide_manager' } });
    expect((await mine(bob)).list.find((p: { id: number }) => p.id === id)).toMatchObject({ postedByStaff: { role: 'guide_manager' } });
    const audit = await ctx.db.kysely.selectFrom('audit_log').selectAll().where('target', '=', `post:${id}`).execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'ann.lee', actor_role: 'guide_manager', action: 'post.create_for_member', details: `member:${bob.id}` })]);
    // Bob did not write it: his messages say staff posted in his name, not that "his post" passed review.
    const messages = (await bobsMessages()).slice(0, -before || undefined);
    expect(messages).toHaveLength(1);
    expect(messages[0].title).toBe('Staff posted in your name');
    expect(messages[0].content).toContain('Posted by staff');
    expect(messages.map((m) => `${m.title} ${m.content}`).join('\n')).not.toMatch(/passed review|Your post is published/);
  });
  it('the feed pages by cursor: every Passed post once, even when new posts are passed between pages', async () => {
    const at = ctx.clock().toISOString();
    const insertPassed = async (n: number, tag: string) => {
      for (let i = 0; i < n; i++) {
        await ctx.db.kysely.insertInto('posts').values({ user_id: alice.id, content: `<p>${tag} ${i}</p>`, video_url: null, status: 1, created_at: at }).execute();
      }
    };
    await insertPassed(25, 'keyset');
    const all = await ctx.db.kysely.selectFrom('posts').select('id').where('status', '=', 1).orderBy('id', 'desc').execute();
    const page = async (params: string) => {
      const res = await getAs(ctx, `/api/comment/square/list?pageSize=10&${params}`, bob.token);
      expect(res.statusCode).toBe(200);
      return res.json().data as { total?: number; list: { id: number }[]; nextCursor: number | null };
    };
    const first = await page('pageNum=1');
    expect(first.total).toBe(all.length);
    expect(first.list.map((p) => p.id)).toEqual(all.slice(0, 10).map((r) => r.id));
    expect(first.nextCursor).toBe(all[9].id);
    // Newer posts arrive while the member scrolls: offset paging would show page 1's last posts again.
    await insertPassed(3, 'newer');
    const seen = [...first.list.map((p) => p.id)];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const next = await page(`cursor=${cursor}`);
      expect(next.total).toBeUndefined();
      seen.push(...next.list.map((p) => p.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(all.map((r) => r.id));
    // cursor=0 is the first page without the total (what the app asks); a negative cursor is refused.
    const top = await page('cursor=0');
    expect(top.total).toBeUndefined();
    expect(top.list.map((p) => p.id)).toEqual((await page('pageNum=1')).list.map((p) => p.id));
    expect((await getAs(ctx, '/api/comment/square/list?pageSize=10&cursor=-1', bob.token)).statusCode).toBe(400);
  });
});
