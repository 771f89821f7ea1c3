import { startAppWithLog } from './captured-log';
import { lastSmsCode, post, solveCaptcha, testDatabases, type TestContext } from './helpers';

/**
 * README: "Read the code from the log line `sms outbox`". True in development (the default), and
 * never in production mode (NODE_ENV=production), where the line names the text but not its code.
 */
const [, sqlite] = testDatabases()[0];
const appLogging = (env: NodeJS.ProcessEnv) => startAppWithLog(sqlite, env);

async function requestCode(ctx: TestContext, phone: string): Promise<string> {
  const captcha = await solveCaptcha(ctx);
  expect((await post(ctx.app, '/api/user/auth/code/reg', { phone, ...captcha })).json().code).toBe(200);
  return lastSmsCode(ctx, phone);
}

it('development: the sms outbox log line carries the code', async () => {
  const { ctx, log } = await appLogging({});
  try {
    const code = await requestCode(ctx, '9123400001');
    const line = log()
      .split('\n')
      .find((l) => l.includes('sms outbox'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ msg: `sms outbox: register code ${code} for +919123400001`, code, phone: '+919123400001' });
  } finally {
    await ctx.close();
  }
});

it('production: the log never carries the code', async () => {
  const { ctx, log } = await appLogging({
    NODE_ENV: 'production',
    CORS_ORIGINS: 'https://app.example.com',
    SHARE_BASE_URL: 'https://app.example.com/#/r?code=',
    STAFF_TOTP_KEY: 'k'.repeat(32),
    SMS_PROVIDER: 'outbox',
  });
  try {
    const code = await requestCode(ctx, '9123400002');
    const line = log()
      .split('\n')
      .find((l) => l.includes('sms outbox'));
    expect(JSON.parse(line!)).toMatchObject({ msg: 'sms outbox: register text for +919123400002 (code not logged)', phone: '+919123400002' });
    expect(log()).not.toContain(code);
  } finally {
    await ctx.close();
  }
});
