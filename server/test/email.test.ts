import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/config';
import { MANY_MEMBERS, asMember, getAs, lastSmsCode, login, post, signedInMember, solveCaptcha, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

/**
 * A member binds an email address by entering the code sent to it (/user/bindEmail, /user/verify): the
 * address is then theirs alone. Emails go to email_outbox (the default) or through an SMTP server.
 */
const EMAIL = '/api/user/user/email';

function askCode(ctx: TestContext, member: TestMember, email: string, headers: Record<string, string> = {}) {
  return post(ctx.app, `${EMAIL}/code`, { email }, asMember(member.token, headers));
}

function bind(ctx: TestContext, member: TestMember, email: string, code: string) {
  return post(ctx.app, `${EMAIL}/bind`, { email, code }, asMember(member.token));
}

async function boundEmail(ctx: TestContext, member: TestMember): Promise<string | null> {
  return (await getAs(ctx, EMAIL, member.token)).json().data.email;
}

/** The newest email to the address, once the deliveries in flight have ended. */
async function lastEmail(ctx: TestContext, email: string) {
  await ctx.app.deps.email.idle?.();
  const row = await ctx.db.kysely.selectFrom('email_outbox').selectAll().where('email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { ...row, code: /\b(\d{6})\b/.exec(row.body)![1] };
}

describe.each(testDatabases())('binding an email on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx?.close());

  it('a member binds an address with the code sent to it, in their language; a wrong code or a bad address changes nothing', async () => {
    const member = await signedInMember(ctx);
    await expect(boundEmail(ctx, member)).resolves.toBeNull();

    const bad = await askCode(ctx, member, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Email format incorrect');
    expect(await ctx.db.kysely.selectFrom('email_outbox').select('id').where('email', '=', 'not-an-email').execute()).toEqual([]);

    expect((await askCode(ctx, member, '  Member.One@Example.COM ', { Language: 'ta_IN' })).json().code).toBe(200);
    const sent = await lastEmail(ctx, 'member.one@example.com');
    expect(sent).toMatchObject({ purpose: 'email', status: 'outbox', subject: 'உங்கள் Rigshare சரிபார்ப்புக் குறியீடு' });

    const wrongCode = sent.code === '000000' ? '111111' : '000000';
    const wrong = await bind(ctx, member, 'member.one@example.com', wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ msg: 'The email code is wrong or has expired', data: { field: 'code' } });
    await expect(boundEmail(ctx, member)).resolves.toBeNull();

    const bound = await bind(ctx, member, 'Member.One@example.com', sent.code);
    expect(bound.json()).toMatchObject({ code: 200, data: { email: 'member.one@example.com' } });
    await expect(boundEmail(ctx, member)).resolves.toBe('member.one@example.com');
    // A code binds once.
    expect((await bind(ctx, member, 'member.one@example.com', sent.code)).statusCode).toBe(400);
  });

  it('an address belongs to one member: another is refused it, and its owner is told it is already theirs', async () => {
    const [owner, other] = [await signedInMember(ctx), await signedInMember(ctx)];
    expect((await askCode(ctx, owner, 'shared@example.com')).json().code).toBe(200);
    expect((await bind(ctx, owner, 'shared@example.com', (await lastEmail(ctx, 'shared@example.com')).code)).json().code).toBe(200);

    const taken = await askCode(ctx, other, 'SHARED@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('This email address is already bound to another account');
    const again = await askCode(ctx, owner, 'shared@example.com');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('This email address is already bound to your account');
  });

  it('a code proves only the address it went to, and a second code waits a minute', async () => {
    const member = await signedInMember(ctx);
    expect((await askCode(ctx, member, 'first@example.com')).json().code).toBe(200);
    const { code } = await lastEmail(ctx, 'first@example.com');
    expect((await bind(ctx, member, 'second@example.com', code)).statusCode).toBe(400);
    await expect(boundEmail(ctx, member)).resolves.toBeNull();

    const tooSoon = await askCode(ctx, member, 'second@example.com');
    expect(tooSoon.statusCode).toBe(429);
    ctx.advance(61_000);
    expect((await askCode(ctx, member, 'second@example.com')).json().code).toBe(200);
    // The newer code replaces the first one.
    expect((await bind(ctx, member, 'first@example.com', code)).statusCode).toBe(400);
    expect((await bind(ctx, member, 'second@example.com', (await lastEmail(ctx, 'second@example.com')).code)).json().code).toBe(200);
  });

  it('every security change is told in the member\'s messages, and to the bound address in the language of the request; no address, no email', async () => {
    const member = await signedInMember(ctx);
    const as = (headers: Record<string, string> = {}) => asMember(member.token, headers);
    const alerts = async () =>
      (await ctx.db.kysely.selectFrom('email_outbox').select(['email', 'subject', 'body']).where('purpose', '=', 'alert').orderBy('id').execute()).filter((row) => row.email === 'owner@example.com');

    // Before an address is bound a change emails nobody.
    const before = (await ctx.db.kysely.selectFrom('email_outbox').select('id').where('purpose', '=', 'alert').execute()).length;
    expect((await post(ctx.app, '/api/user/auth/update-password', { oldPassword: 'Member123', password: 'Member456', confirmPassword: 'Member456' }, as())).json().code).toBe(200);
    expect(await ctx.db.kysely.selectFrom('email_outbox').select('id').where('purpose', '=', 'alert').execute()).toHaveLength(before);

    expect((await askCode(ctx, member, 'owner@example.com')).json().code).toBe(200);
    expect((await bind(ctx, member, 'owner@example.com', (await lastEmail(ctx, 'owner@example.com')).code)).json().code).toBe(200);

    expect((await post(ctx.app, '/api/user/auth/update-password', { oldPassword: 'Member456', password: 'Member789', confirmPassword: 'Member789' }, as())).json().code).toBe(200);
    expect((await post(ctx.app, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: '0x52908400098527886E0F7030069857D2E4169EE7' }, as())).json().code).toBe(200);
    const card = { holderName: 'Asha Rao', bankName: 'State Bank of India', accountNumber: '123456789012', ifsc: 'SBIN0001234' };
    expect((await post(ctx.app, '/api/assets/user/bank/modify', card, as({ Language: 'hi_IN' }))).json().code).toBe(200);
    expect((await post(ctx.app, '/api/user/auth/paypwd-code', await solveCaptcha(ctx), as())).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, member.phone);
    expect((await post(ctx.app, '/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123456' }, as())).json().code).toBe(200);

    // A forgotten password reset by SMS, without a session.
    expect((await post(ctx.app, '/api/user/auth/code/resetpass', { phone: member.phone, ...(await solveCaptcha(ctx)) })).json().code).toBe(200);
    const resetCode = await lastSmsCode(ctx, member.phone);
    expect((await post(ctx.app, '/api/user/auth/reset-password', { phone: member.phone, smsCode: resetCode, password: 'Member012', confirmPassword: 'Member012' })).json().code).toBe(200);

    const sent = await alerts();
    expect(sent.map((row) => row.body.split(' on your Rigshare account')[0])).toEqual([
      'Your login password was changed',
      'A withdrawal address was saved',
      expect.stringContaining('एक बैंक कार्ड सहेजा गया'),
      'Your fund password was set',
      'Your login password was changed',
    ]);
    expect(sent[0].subject).toBe('Security change on your Rigshare account');
    expect(sent[2].subject).toBe('आपके Rigshare खाते में सुरक्षा बदलाव');
    expect(sent[0].body).toMatch(/at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. If this was you/);

    // The app's messages have all six, the one before the address too, in the language they are read in
    // (the reset ended the member's sessions: a new one).
    const token = await login(ctx, member.phone, 'Member012');
    const messages = (await getAs(ctx, '/api/push/record?pageNum=1&pageSize=20', token, { language: 'de_DE' })).json().data.list as { title: string; content: string }[];
    const security = messages.filter((m) => m.title === 'Sicherheitsänderung in Ihrem Konto');
    expect(security.map((m) => m.content.split('.')[0])).toEqual([
      'Ihr Anmeldepasswort wurde geändert',
      'Ihr Zahlungspasswort wurde festgelegt',
      'Eine Bankkarte wurde gespeichert',
      'Eine Auszahlungsadresse wurde gespeichert',
      'Ihr Anmeldepasswort wurde geändert',
      'Ihr Anmeldepasswort wurde geändert',
    ]);
    expect(security[0].content).toContain('wenden Sie sich sofort an den Kundendienst');
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: EMAIL })).statusCode).toBe(401);
    expect((await post(ctx.app, `${EMAIL}/code`, { email: 'x@example.com' })).statusCode).toBe(401);
  });
});

/**
 * A local SMTP server that keeps what it receives (no TLS, no login: a test's mail relay). `refusals`:
 * the reply codes it gives the next recipients instead of accepting them, one each, in order.
 */
async function mailServer(refusals: number[] = []) {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const refusal = refusals.shift();
      callback(refusal === undefined ? undefined : Object.assign(new Error(refusal < 500 ? 'Try again later' : 'No such mailbox'), { responseCode: refusal }));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, refusals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(testDatabases())('EMAIL_PROVIDER=smtp on %s', (_name, database) => {
  it('sends the code through the mail server and records it sent; an unreachable server leaves it failed, and the change it told of stands', async () => {
    const mail = await mailServer();
    let ctx: TestContext | null = null;
    try {
      const config = loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${mail.port}`, EMAIL_FROM: 'Rigshare <no-reply@rigshare.test>', SMTP_TIMEOUT_MS: '2000', SMTP_RETRIES: '1' });
      ctx = await startApp(database, { ...MANY_MEMBERS, email: config.email });
      const member = await signedInMember(ctx);

      expect((await askCode(ctx, member, 'reader@example.com')).json().code).toBe(200);
      const kept = await lastEmail(ctx, 'reader@example.com');
      expect(kept).toMatchObject({ status: 'sent', attempts: 1 });
      expect(kept.provider_id).toMatch(/@/);
      expect(mail.received).toHaveLength(1);
      expect(mail.received[0]).toMatchObject({ from: 'no-reply@rigshare.test', to: ['reader@example.com'] });
      expect(mail.received[0].data).toContain('Subject: Your Rigshare verification code');
      expect(mail.received[0].data).toContain(kept.code);
      expect((await bind(ctx, member, 'reader@example.com', kept.code)).json().code).toBe(200);

      await mail.close();
      ctx.advance(61_000);
      expect((await askCode(ctx, member, 'later@example.com')).json().code).toBe(200);
      const failed = await lastEmail(ctx, 'later@example.com');
      expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
      expect(failed.error).toMatch(/ECONNREFUSED|connect/i);
      // An alert that cannot be sent does not fail the change it tells of.
      const change = { oldPassword: 'Member123', password: 'Member456', confirmPassword: 'Member456' };
      expect((await post(ctx.app, '/api/user/auth/update-password', change, asMember(member.token))).json().code).toBe(200);
      await ctx.app.deps.email.idle?.();
      const alert = await ctx.db.kysely.selectFrom('email_outbox').select(['email', 'status']).where('purpose', '=', 'alert').executeTakeFirstOrThrow();
      expect(alert).toEqual({ email: 'reader@example.com', status: 'failed' });
    } finally {
      await mail.close().catch(() => {});
      await ctx?.close();
    }
  });

  it('tries again when the mail server refuses for the moment, never when it refuses for good', async () => {
    const mail = await mailServer([451, 451]);
    let ctx: TestContext | null = null;
    try {
      const config = loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${mail.port}`, EMAIL_FROM: 'Rigshare <no-reply@rigshare.test>', SMTP_RETRIES: '2' });
      ctx = await startApp(database, { ...MANY_MEMBERS, email: config.email });
      const member = await signedInMember(ctx);

      // Greylisted twice (451), accepted on the third try: one email arrives.
      expect((await askCode(ctx, member, 'grey@example.com')).json().code).toBe(200);
      expect(await lastEmail(ctx, 'grey@example.com')).toMatchObject({ status: 'sent', attempts: 3, error: null });
      expect(mail.received.map((m) => m.to)).toEqual([['grey@example.com']]);

      // 550, no such mailbox: one try, the server's reply kept for the operator.
      mail.refusals.push(550);
      ctx.advance(61_000);
      expect((await askCode(ctx, member, 'gone@example.com')).json().code).toBe(200);
      const refused = await lastEmail(ctx, 'gone@example.com');
      expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
      expect(refused.error).toMatch(/550/);
      expect(mail.received).toHaveLength(1);
    } finally {
      await mail.close().catch(() => {});
      await ctx?.close();
    }
  });

  it('a mail server that never answers holds no request, and is waited for once, not again', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    let ctx: TestContext | null = null;
    try {
      const config = loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_FROM: 'Rigshare <no-reply@rigshare.test>', SMTP_TIMEOUT_MS: '1000', SMTP_RETRIES: '2' });
      ctx = await startApp(database, { ...MANY_MEMBERS, email: config.email });
      const member = await signedInMember(ctx);
      expect((await askCode(ctx, member, 'quiet@example.com')).json().code).toBe(200);
      // Answered while the mail server is still being waited for: the email is kept, not yet tried.
      const waiting = await ctx.db.kysely.selectFrom('email_outbox').select(['status', 'attempts']).where('email', '=', 'quiet@example.com').executeTakeFirstOrThrow();
      expect(waiting).toEqual({ status: 'sending', attempts: 0 });
      const kept = await lastEmail(ctx, 'quiet@example.com');
      expect(kept).toMatchObject({ status: 'failed', attempts: 1 });
      expect(kept.error).toMatch(/greeting|timeout/i);
    } finally {
      silent.close();
      await ctx?.close();
    }
  });

  it('a start with EMAIL_PROVIDER=smtp and no server or sender names both', () => {
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL: missing[\s\S]*EMAIL_FROM: missing|EMAIL_FROM: missing[\s\S]*SMTP_URL: missing/);
  });
});
