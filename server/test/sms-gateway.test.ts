import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { HttpSmsSender } from '../src/sms/sms-sender';
import { lastSmsCode, post, solveCaptcha, startApp, testDatabases, type TestContext } from './helpers';

/**
 * SMS_PROVIDER=http: texts go to an HTTP gateway from a template, with retries, and each text's delivery
 * status is kept in sms_outbox. The gateway here is a local HTTP server that records every request and
 * answers from a script.
 */
interface Recorded {
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** `hold`: the gateway answers only once it resolves (a slow gateway). */
async function gateway(answers: { status: number; body: string }[], hold: Promise<void> = Promise.resolve()) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      requests.push({ method: req.method ?? '', headers: req.headers, body });
      await hold;
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return { url, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(testDatabases())('HTTP SMS gateway on %s', (_name, database) => {
  it('answers the member at once, then sends the text from the template, retries a 503, and records it sent with the gateway id', async () => {
    let release = () => {};
    const gw = await gateway(
      [
        { status: 503, body: '{"error":"busy"}' },
        { status: 200, body: '{"messageId":"gw-42","status":"queued"}' },
      ],
      new Promise<void>((resolve) => (release = resolve)),
    );
    const config = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: gw.url,
      SMS_HTTP_BODY: '{"to":"{phone}","message":"{body}","tag":"{purpose}"}',
      SMS_HTTP_HEADERS: '{"Authorization":"Bearer test-key"}',
      SMS_HTTP_ID_FIELD: 'messageId',
    });
    let ctx: TestContext | null = null;
    try {
      ctx = await startApp(database, { sms: config.sms });
      const captcha = await solveCaptcha(ctx);
      expect((await post(ctx.app, '/api/user/auth/code/reg', { phone: '9123500001', ...captcha })).json().code).toBe(200);
      const code = await lastSmsCode(ctx, '9123500001');
      // Answered while the gateway holds its first try: the text is kept, not yet delivered.
      const waiting = await ctx.db.kysely.selectFrom('sms_outbox').select(['status', 'attempts']).where('phone', '=', '+919123500001').executeTakeFirstOrThrow();
      expect(waiting).toEqual({ status: 'sending', attempts: 0 });
      release();
      await ctx.app.deps.sms.idle?.();
      expect(gw.requests).toHaveLength(2);
      for (const request of gw.requests) {
        expect(request.method).toBe('POST');
        expect(request.headers.authorization).toBe('Bearer test-key');
        expect(request.headers['content-type']).toBe('application/json');
        const sent = JSON.parse(request.body);
        expect(sent).toMatchObject({ to: '+919123500001', tag: 'register' });
        expect(sent.message).toContain(code);
      }
      const row = await ctx.db.kysely.selectFrom('sms_outbox').selectAll().where('phone', '=', '+919123500001').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'sent', attempts: 2, provider_id: 'gw-42' });
      expect(row.error).toBeNull();
    } finally {
      await ctx?.close();
      await gw.close();
    }
  });

  it('gives up on a refusal at once, and after the retries on a gateway that stays down: status failed', async () => {
    const refusing = await gateway([{ status: 400, body: '{"error":"bad number"}' }]);
    const down = await gateway([{ status: 502, body: 'bad gateway' }]);
    const { db, drop } = await database.open();
    try {
      const { migrateToLatest } = await import('../src/db/migrations');
      await migrateToLatest(db.kysely, db.dialect);
      const clock = () => new Date();
      const http = (url: string, bodyTemplate: string) =>
        new HttpSmsSender(db.kysely, clock, { url, bodyTemplate, headers: {}, retries: 2, timeoutMs: 2000, idField: 'id' }, undefined, 10);
      const toRefusing = http(refusing.url, 'to={phone}&text={body}');
      await toRefusing.send({ phone: '9123500002', purpose: 'register', body: 'Your code is 123456 & more' });
      await toRefusing.idle();
      expect(refusing.requests).toHaveLength(1);
      expect(refusing.requests[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(refusing.requests[0].body))).toEqual({ to: '9123500002', text: 'Your code is 123456 & more' });
      const toDown = http(down.url, '{"to":"{phone}","text":"{body}"}');
      await toDown.send({ phone: '9123500003', purpose: 'reset', body: 'Code "654321"' });
      await toDown.idle();
      expect(down.requests).toHaveLength(3);
      expect(JSON.parse(down.requests[0].body)).toEqual({ to: '9123500003', text: 'Code "654321"' });
      const rows = await db.kysely.selectFrom('sms_outbox').select(['phone', 'status', 'attempts', 'provider_id', 'error']).orderBy('id').execute();
      expect(rows).toEqual([
        { phone: '9123500002', status: 'failed', attempts: 1, provider_id: null, error: 'HTTP 400: {"error":"bad number"}' },
        { phone: '9123500003', status: 'failed', attempts: 3, provider_id: null, error: 'HTTP 502: bad gateway' },
      ]);
    } finally {
      await db.kysely.destroy();
      await drop();
      await refusing.close();
      await down.close();
    }
  });

  it('a text left sending by a process that stopped is delivered once, by the one instance that claims it; one ten minutes old is given up', async () => {
    const gw = await gateway([{ status: 200, body: '{"id":"gw-7"}' }]);
    const { db, drop } = await database.open();
    try {
      const { migrateToLatest } = await import('../src/db/migrations');
      await migrateToLatest(db.kysely, db.dialect);
      const now = new Date('2026-12-02T12:00:00.000Z');
      const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
      const left = (phone: string, createdAgoMs: number, leaseUntil: string) => ({
        phone,
        purpose: 'register',
        body: `Code for ${phone}`,
        created_at: ago(createdAgoMs),
        status: 'sending',
        attempts: 1,
        lease_until: leaseUntil,
      });
      await db.kysely
        .insertInto('sms_outbox')
        .values([
          left('9123500004', 60_000, ago(1_000)), // its process stopped a minute after it asked
          left('9123500005', 5_000, ago(-30_000)), // still leased: a live process is delivering it
          left('9123500006', 11 * 60_000, ago(60_000)), // left too long: its code has expired
        ])
        .execute();
      // Two instances sweep at the same moment.
      const instance = () => new HttpSmsSender(db.kysely, () => now, { url: gw.url, bodyTemplate: '{"to":"{phone}","text":"{body}"}', headers: {}, retries: 1, timeoutMs: 2000, idField: 'id' }, undefined, 10);
      const [a, b] = [instance(), instance()];
      const taken = await Promise.all([a.resumeAbandoned(), b.resumeAbandoned()]);
      await Promise.all([a.idle(), b.idle()]);
      expect(taken.sort()).toEqual([0, 1]);
      expect(gw.requests.map((r) => JSON.parse(r.body))).toEqual([{ to: '9123500004', text: 'Code for 9123500004' }]);
      const rows = await db.kysely.selectFrom('sms_outbox').select(['phone', 'status', 'attempts', 'provider_id', 'error']).orderBy('id').execute();
      expect(rows).toEqual([
        { phone: '9123500004', status: 'sent', attempts: 2, provider_id: 'gw-7', error: null },
        { phone: '9123500005', status: 'sending', attempts: 1, provider_id: null, error: null },
        { phone: '9123500006', status: 'failed', attempts: 1, provider_id: null, error: 'not delivered in time' },
      ]);
    } finally {
      await db.kysely.destroy();
      await drop();
      await gw.close();
    }
  });

  it('/ready says the gateway is down after three texts in a row failed, and ok once one goes through; the instance stays ready', async () => {
    const gw = await gateway([
      { status: 400, body: '{"error":"account suspended"}' },
      { status: 400, body: '{"error":"account suspended"}' },
      { status: 400, body: '{"error":"account suspended"}' },
      { status: 200, body: '{"id":"gw-1"}' },
    ]);
    const config = loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: gw.url, SMS_HTTP_RETRIES: '0' });
    let ctx: TestContext | null = null;
    try {
      ctx = await startApp(database, { sms: config.sms });
      const app = ctx;
      const sms = async () => {
        const res = await app.app.inject({ method: 'GET', url: '/ready' });
        return { status: res.statusCode, sms: res.json().data.sms };
      };
      const sendCode = async (phone: string) => {
        expect((await post(app.app, '/api/user/auth/code/reg', { phone, ...(await solveCaptcha(app)) })).json().code).toBe(200);
        await app.app.deps.sms.idle?.();
      };
      expect(await sms()).toEqual({ status: 200, sms: { status: 'ok' } });
      await sendCode('9123600001');
      await sendCode('9123600002');
      // Two failures may be two members' bad numbers; the gateway is not called down for them.
      expect(await sms()).toEqual({ status: 200, sms: { status: 'ok' } });
      await sendCode('9123600003');
      expect(await sms()).toEqual({ status: 200, sms: { status: 'down' } });
      await sendCode('9123600004');
      expect(await sms()).toEqual({ status: 200, sms: { status: 'ok' } });
    } finally {
      await ctx?.close();
      await gw.close();
    }
  });

  it('is configured in the one schema: SMS_PROVIDER=http needs SMS_HTTP_URL; outbox stays the default', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    // With NODE_ENV=production the choice must be said: http, or outbox on purpose.
    const production = { NODE_ENV: 'production', CORS_ORIGINS: 'https://app.example.com', SHARE_BASE_URL: 'https://app.example.com/#/r?code=', STAFF_TOTP_KEY: 'k'.repeat(32) };
    expect(() => loadConfig(production)).toThrow('SMS_PROVIDER: missing; required with NODE_ENV=production');
    expect(loadConfig({ ...production, SMS_PROVIDER: 'outbox' }).sms).toEqual({ provider: 'outbox' });
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_HEADERS: '["x"]' })).toThrow(/SMS_HTTP_URL: missing[\s\S]*SMS_HTTP_HEADERS: must be a JSON object/);
  });
});
