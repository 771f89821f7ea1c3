import { confirmDeposit } from '../src/features/wallet/deposits';
import { approveWithdrawal, rejectWithdrawal } from '../src/features/wallet/withdrawals/staff';
import fs from 'node:fs';
import sharp from 'sharp';
import path from 'node:path';
import { publishNews, replyToFeedback, unpublishNews } from '../src/features/messages';
import { notifyMember, notifyMembers } from '../src/notices';
import { migrateTo, migrateToLatest } from '../src/db/migrations';
import { OperatorError } from '../src/operator-error';
import { AS_STAFF, asMember, getAs, lastSmsCode, MANY_MEMBERS, PNG_1X1, post, signedInMember, solveCaptcha, startApp, type TestContext, testDatabases, type TestMember } from './helpers';

const HOUR = 3_600_000;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TX = '0x' + 'ab'.repeat(32);
let requestSeq = 0;
const ELEVEN_WORDS = 'My withdrawal from yesterday has not arrived yet, please check it.';

/** A multipart body with text fields and at most one file part "file". */
function feedbackForm(fields: Record<string, string>, file?: { bytes: Buffer; type: string }) {
  const boundary = '----rigshareFeedback' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Push messages (host /api/push): what creates one, the unread count, and marking read (own messages only). */
describe.each(testDatabases())('push messages on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx.close());

  const get = (m: TestMember, url: string, headers: Record<string, string> = {}) => getAs(ctx, url, m.token, headers);
  const postAs = (m: TestMember, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(ctx.app, url, fields, { ...asMember(m.token), ...headers });
  const unread = async (m: TestMember) => (await get(m, '/api/push/unread')).json().data.count as number;
  const auditOf = (targets: string[]) =>
    ctx.db.kysely.selectFrom('audit_log').select(['actor', 'action', 'target', 'details']).where('target', 'in', targets).orderBy('id').execute();

  /** A member with `balance`, an address and fund password 123456, past the security hold. */
  async function readyMember(balance: string): Promise<TestMember> {
    const m = await signedInMember(ctx, balance);
    expect((await postAs(m, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    expect((await postAs(m, '/api/user/auth/paypwd-code', await solveCaptcha(ctx))).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, m.phone);
    expect((await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123456' })).json().code).toBe(200);
    ctx.advance(24 * HOUR + 60_000);
    return m;
  }

  const withdraw = async (m: TestMember, amount: string) => {
    const res = await postAs(m, '/api/assets/user/withdraw', { channel: 'USDT', amount, payPassword: '123456', requestId: `msg-${process.pid}-${++requestSeq}` });
    expect(res.json().code).toBe(200);
    return res.json().data as { id: number };
  };

  it('a withdrawal rejected by staff tells the member with the reason, in the language they read it in; an approval with the net', async () => {
    const m = await readyMember('30');
    const a = await withdraw(m, '10');
    const b = await withdraw(m, '6');
    // Saving the address and setting the fund password each left a security notice; a withdrawal none.
    expect(await unread(m)).toBe(2);

    await rejectWithdrawal(ctx.db, { id: b.id, reason: 'Address check failed', at: ctx.clock(), ...AS_STAFF });
    expect(await unread(m)).toBe(3);
    await approveWithdrawal(ctx.db, { id: a.id, txHash: TX, at: ctx.clock(), ...AS_STAFF });
    expect(await unread(m)).toBe(4);

    const list = (await get(m, '/api/push/record?pageNum=1&pageSize=10')).json().data;
    expect(list.total).toBe(4);
    expect(list.list.map((x: { kind: string }) => x.kind)).toEqual(['wallet', 'wallet', 'security', 'security']);
    expect(list.list.slice(0, 2).map((x: { title: string }) => x.title).sort()).toEqual(['Withdrawal paid', 'Withdrawal rejected']);
    const rejected = list.list.find((x: { title: string }) => x.title === 'Withdrawal rejected');
    expect(rejected).toMatchObject({
      kind: 'wallet',
      read: false,
      content: 'Your withdrawal of 6.00 USDT was rejected and the full amount is back in your balance. Reason: Address check failed',
    });
    const paid = list.list.find((x: { title: string }) => x.title === 'Withdrawal paid');
    expect(paid.content).toBe('Your withdrawal of 10.00 USDT was approved and paid: 9.50 USDT after the fee.');

    const german = (await get(m, '/api/push/record', { language: 'de_DE' })).json().data.list.slice(0, 2);
    expect(german.map((x: { title: string }) => x.title).sort()).toEqual(['Auszahlung abgelehnt', 'Auszahlung ausgeführt']);
    // Staff's reason stays as written.
    expect(german.find((x: { title: string }) => x.title === 'Auszahlung abgelehnt').content).toMatch(/Grund: Address check failed$/);
  });

  it('a cash deposit confirmed by staff tells the member once, however often it is confirmed', async () => {
    const m = await signedInMember(ctx, null);
    const channels = (await get(m, '/api/assets/system/pay/config/banks')).json().data;
    const created = (
      await postAs(m, '/api/assets/user/cashrecharge', { bankId: String(channels[0].id), amount: '1000', reference: 'UTR12345678', requestId: `msg-${process.pid}-${++requestSeq}` })
    ).json().data;
    await Promise.all([confirmDeposit(ctx.db, { id: created.id, at: ctx.clock(), ...AS_STAFF }), confirmDeposit(ctx.db, { id: created.id, at: ctx.clock(), ...AS_STAFF })]);
    await confirmDeposit(ctx.db, { id: created.id, at: ctx.clock(), ...AS_STAFF });
    const list = (await get(m, '/api/push/record')).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ kind: 'wallet', title: 'Deposit credited', content: '12.01923 USDT was credited to your balance.', read: false });
  });

  it("marks one message read, or all; another member's message is not found and nothing changes", async () => {
    const m = await signedInMember(ctx, null);
    const other = await signedInMember(ctx, null);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await notifyMember(ctx.db.kysely, { userId: m.id, kind: 'system', title: `Notice ${i}`, body: 'Staff text', at: ctx.clock() }));
    const theirs = await notifyMember(ctx.db.kysely, { userId: other.id, kind: 'system', title: 'Theirs', body: 'Private', at: ctx.clock() });
    expect(await unread(m)).toBe(3);

    const one = await postAs(m, '/api/push/record/update', { id: String(ids[1]) });
    expect(one.json()).toMatchObject({ code: 200, data: { count: 2 } });
    // Again: still read, the count unchanged.
    expect((await postAs(m, '/api/push/record/update', { id: String(ids[1]) })).json().data).toEqual({ count: 2 });
    const list = (await get(m, '/api/push/record')).json().data.list as { id: number; read: boolean }[];
    expect(list.map((x): [number, boolean] => [x.id, x.read]).sort((p, q) => p[0] - q[0])).toEqual([
      [ids[0], false],
      [ids[1], true],
      [ids[2], false],
    ]);

    const foreign = await postAs(m, '/api/push/record/update', { id: String(theirs) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 404, msg: 'This message does not exist', data: null });
    expect((await postAs(m, '/api/push/record/update', { id: '99999999' })).statusCode).toBe(404);
    expect((await postAs(m, '/api/push/record/update', { id: 'abc' })).statusCode).toBe(400);
    expect(await unread(other)).toBe(1);

    expect((await postAs(m, '/api/push/record/update', {})).json().data).toEqual({ count: 0 });
    expect(await unread(m)).toBe(0);
    expect(await unread(other)).toBe(1);
    expect((await post(ctx.app, '/api/push/record/update', {})).statusCode).toBe(401);
  });

  it('a burst of new messages, payouts and reads from two devices leaves each unread count equal to the messages unread', async () => {
    const m = await signedInMember(ctx, null);
    const other = await signedInMember(ctx, null);
    const at = ctx.clock();
    const tell = (userId: number, n: number) => notifyMember(ctx.db.kysely, { userId, kind: 'system', title: `Burst ${n}`, body: 'Staff text', at });
    const payout = (n: number) => notifyMembers(ctx.db.kysely, [other.id, m.id, other.id].map((userId) => ({ userId, kind: 'wallet' as const, title: `Payout ${n}`, body: 'Paid', at })));
    const readAll = () => postAs(m, '/api/push/record/update', {});
    await Promise.all([
      ...Array.from({ length: 12 }, (_, n) => tell(m.id, n)),
      ...Array.from({ length: 6 }, (_, n) => payout(n)),
      ...Array.from({ length: 4 }, () => readAll()),
      ...Array.from({ length: 5 }, (_, n) => tell(other.id, n)),
    ]);
    const stored = async (userId: number) =>
      Number((await ctx.db.kysely.selectFrom('push_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('is_read', '=', 0).executeTakeFirstOrThrow()).n);
    expect(await unread(m)).toBe(await stored(m.id));
    expect(await unread(other)).toBe(17);
    // What a screen watching live was told last is the same figure.
    const lastTold = await ctx.db.kysely.selectFrom('events').select('data').where('member_id', '=', other.id).where('topic', '=', 'messages').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(lastTold.data)).toEqual({ unread: 17 });
    expect((await readAll()).json().data).toEqual({ count: 0 });
    await Promise.all([readAll(), readAll(), readAll()]);
    expect(await unread(m)).toBe(0);
  });

  it('news and notices: published by staff, newest first, paged, each in its own list; unpublished ones are gone', async () => {
    const m = await signedInMember(ctx, null);
    const at = ctx.clock();
    await expect(publishNews(ctx.db.kysely, { kind: 'news', title: ' ', content: 'x', by: 'ann', at })).rejects.toThrow(OperatorError);
    await expect(publishNews(ctx.db.kysely, { kind: 'popup', title: 'T', content: 'x', by: 'ann', at })).rejects.toThrow(/--kind/);
    const first = await publishNews(ctx.db.kysely, { kind: undefined, title: 'Pool maintenance', content: 'Line one\nLine two <b>as text</b>', by: 'ann', at });
    const second = await publishNews(ctx.db.kysely, { kind: 'news', title: 'New machines', content: 'S21 units are available.', by: 'ann', at });
    const notice = await publishNews(ctx.db.kysely, { kind: 'notice', title: 'Holiday hours', content: 'Withdrawals resume on Monday.', by: 'bob', at });

    const page1 = (await get(m, '/api/push/news/list?pageNum=1&pageSize=1')).json().data;
    expect(page1.total).toBeGreaterThanOrEqual(2);
    expect(page1.list).toEqual([{ id: second.id, kind: 'news', title: 'New machines', content: 'S21 units are available.', publishTime: expect.any(String) }]);
    const page2 = (await get(m, '/api/push/news/list?pageNum=2&pageSize=1')).json().data;
    expect(page2.list[0]).toMatchObject({ id: first.id, content: 'Line one\nLine two <b>as text</b>' });
    const notices = (await get(m, '/api/push/news/list?kind=notice')).json().data;
    expect(notices.list.map((n: { id: number }) => n.id)).toContain(notice.id);
    expect(notices.list.every((n: { kind: string }) => n.kind === 'notice')).toBe(true);
    expect((await get(m, '/api/push/news/list?kind=popup')).statusCode).toBe(400);

    expect((await get(m, `/api/push/config/queryNews?id=${first.id}`)).json().data).toMatchObject({ id: first.id, title: 'Pool maintenance' });
    await expect(unpublishNews(ctx.db.kysely, { id: first.id, by: ' ', at })).rejects.toThrow(/--by/);
    await unpublishNews(ctx.db.kysely, { id: first.id, by: 'ann', at });
    await expect(unpublishNews(ctx.db.kysely, { id: first.id, by: 'ann', at })).rejects.toThrow(OperatorError);
    // One audit row per staff action, none for a refused one.
    expect(await auditOf([`news:${first.id}`, `news:${second.id}`, `news:${notice.id}`])).toEqual([
      { actor: 'ann', action: 'news.publish', target: `news:${first.id}`, details: 'news: Pool maintenance' },
      { actor: 'ann', action: 'news.publish', target: `news:${second.id}`, details: 'news: New machines' },
      { actor: 'bob', action: 'news.publish', target: `news:${notice.id}`, details: 'notice: Holiday hours' },
      { actor: 'ann', action: 'news.unpublish', target: `news:${first.id}`, details: null },
    ]);
    const gone = await get(m, `/api/push/config/queryNews?id=${first.id}`, { language: 'fr_FR' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 404, msg: "Cette actualité n'existe pas", data: null });
    expect((await get(m, '/api/push/news/list')).json().data.list.map((n: { id: number }) => n.id)).not.toContain(first.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/news/list' })).statusCode).toBe(401);
  });

  it('feedback: more than ten words, an optional image up to 20 MB kept in the file storage, the reply shown to its member only', async () => {
    const m = await signedInMember(ctx, null);
    const other = await signedInMember(ctx, null);
    // The one file storage (here the local kind, in this run's folder; the S3 kind is the same interface).
    expect(ctx.config.storage.kind).toBe('local');
    const dir = (ctx.config.storage as { dir: string }).dir;
    const filesNow = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    const send = (fields: Record<string, string>, file?: { bytes: Buffer; type: string }, headers: Record<string, string> = {}) => {
      const body = feedbackForm(fields, file);
      return ctx.app.inject({ method: 'POST', url: '/api/push/feedback/create', payload: body.payload, headers: { ...body.headers, ...asMember(m.token), ...headers } });
    };
    const before = filesNow();

    const short = await send({ content: 'one two three four five six seven eight nine ten' }, { bytes: PNG_1X1, type: 'image/png' }, { language: 'de_DE' });
    expect(short.json()).toEqual({ code: 400, msg: 'Bitte beschreiben Sie Ihr Feedback in mehr als zehn Wörtern', data: null });
    // Not an image, whatever its declared type: refused, nothing kept.
    const fake = await send({ content: ELEVEN_WORDS }, { bytes: Buffer.from('<script>alert(1)</script> not an image at all'), type: 'image/png' });
    expect(fake.statusCode).toBe(415);
    expect(filesNow()).toBe(before);
    // 21 MB of a real PNG header: refused at 20 MB, the partial file removed.
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(21 * 1024 * 1024, 1)]);
    const tooBig = await send({ content: ELEVEN_WORDS }, { bytes: big, type: 'image/png' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toBe('The attachment is too large, the limit is 20 MB');
    const tooBigHi = await send({ content: ELEVEN_WORDS }, { bytes: big, type: 'image/png' }, { language: 'hi_IN' });
    expect(tooBigHi.statusCode).toBe(413);
    expect(tooBigHi.json().msg).not.toBe(tooBig.json().msg);
    expect(tooBigHi.json().msg).toContain('20 MB');
    expect(filesNow()).toBe(before);
    expect((await get(m, '/api/push/feedback/list')).json().data.total).toBe(0);

    // A 3 MB photo (over the 2 MB avatar limit) is fine here; what is kept is the picture encoded again.
    const photo = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    expect(photo.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const withImage = await send({ content: ELEVEN_WORDS, phone: '+91 98765 43210' }, { bytes: photo, type: 'image/png' });
    expect(withImage.json()).toMatchObject({ code: 200, data: { content: ELEVEN_WORDS, phone: '+91 98765 43210', attachment: true, reply: null } });
    expect(filesNow()).toBe(before + 1);
    const row = await ctx.db.kysely.selectFrom('feedback').selectAll().where('id', '=', withImage.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attachment_type: 'image/png', attachment_size: expect.any(Number) });
    expect(fs.statSync(path.join(dir, row.attachment!)).size).toBe(row.attachment_size);
    expect(await sharp(path.join(dir, row.attachment!)).metadata()).toMatchObject({ format: 'png', width: 1000, height: 1000 });
    // A private file: only its member and staff fetch it (file-access.test.ts).
    expect(await ctx.db.kysely.selectFrom('files').select(['owner_id', 'purpose']).where('id', '=', row.attachment!).executeTakeFirstOrThrow()).toEqual({ owner_id: m.id, purpose: 'feedback' });
    const textOnly = await send({ content: `  ${ELEVEN_WORDS}  ` });
    expect(textOnly.json()).toMatchObject({ code: 200, data: { content: ELEVEN_WORDS, phone: null, attachment: false } });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/push/feedback/create', payload: feedbackForm({ content: ELEVEN_WORDS }).payload, headers: feedbackForm({}).headers })).statusCode).toBe(401);

    await replyToFeedback(ctx.db.kysely, { id: textOnly.json().data.id, text: 'We found it, it arrives today.', at: ctx.clock(), ...AS_STAFF });
    await expect(replyToFeedback(ctx.db.kysely, { id: textOnly.json().data.id, text: 'Again', at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(/already has a reply/);
    expect(await auditOf([`feedback:${textOnly.json().data.id}`])).toEqual([
      { actor: AS_STAFF.by, action: 'feedback.reply', target: `feedback:${textOnly.json().data.id}`, details: null },
    ]);
    const list = (await get(m, '/api/push/feedback/list')).json().data;
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({ id: textOnly.json().data.id, reply: 'We found it, it arrives today.', replyTime: expect.any(String) });
    expect(list.list[1]).toMatchObject({ reply: null, replyTime: null });
    expect((await get(m, '/api/push/record')).json().data.list[0]).toMatchObject({ title: 'Reply to your feedback', content: 'Our team replied: We found it, it arrives today.' });
    expect((await get(other, '/api/push/feedback/list')).json().data).toEqual({ total: 0, list: [] });
  });
});

describe.each(testDatabases())('unread counts of a database from before migration 0054, on %s', (_name, database) => {
  it('counts the messages each member had not read', async () => {
    const { db, drop } = await database.open();
    try {
      await migrateTo(db.kysely, db.dialect, '0053_live_events');
      const k = db.kysely;
      const iso = new Date().toISOString();
      const member = (n: number) => ({ phone: `+91955500010${n}`, password_hash: 'x', name: `Member ${n}`, invite_code: `UNREAD${n}`, inviter_id: null, vip_level: 0, grade: 0, timezone_type: 0, created_at: iso });
      const [a, b, c] = await k.insertInto('users').values([member(1), member(2), member(3)]).returning('id').execute();
      const message = (userId: number, isRead: number) => ({ user_id: userId, kind: 'system', title_key: null, body_key: null, params: null, title_text: 'Old', body_text: 'Kept', is_read: isRead, created_at: iso });
      await k.insertInto('push_messages').values([message(a!.id, 0), message(a!.id, 0), message(a!.id, 1), message(b!.id, 1), message(c!.id, 0)]).execute();
      await migrateToLatest(db.kysely, db.dialect);
      const counts = await k.selectFrom('unread_counts').select(['user_id', 'unread']).orderBy('user_id').execute();
      expect(counts.map((row) => [row.user_id, Number(row.unread)])).toEqual([
        [a!.id, 2],
        [c!.id, 1],
      ]);
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });
});
