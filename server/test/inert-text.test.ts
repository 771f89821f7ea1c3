import { LOCALES } from '@rigshare/domain';
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
});
