import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '../src/db/migrations';
import { MANY_MEMBERS, post, solveCaptcha, startApp, testDatabases, type TestContext } from './helpers';

/** The newest code texted to an E.164 number, as the gateway would receive it. */
async function codeTextedTo(ctx: TestContext, e164: string): Promise<string> {
  const row = await ctx.db.kysely.selectFrom('sms_outbox').select('body').where('phone', '=', e164).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.body)![1];
}

describe.each(testDatabases())('phone numbers in E.164 on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx.close());

  const register = async (phone: string, country: string | undefined, e164: string) => {
    const sent = await post(ctx.app, '/api/user/auth/code/reg', { phone, ...(country ? { country } : {}), ...(await solveCaptcha(ctx)) });
    expect(sent.json()).toMatchObject({ code: 200 });
    const smsCode = await codeTextedTo(ctx, e164);
    return post(ctx.app, '/api/user/auth/register', { phone, ...(country ? { country } : {}), password: 'Member123', confirmPassword: 'Member123', inviteCode: 'RIGSHARE', smsCode });
  };
  const logIn = (phone: string, country?: string) => post(ctx.app, '/api/user/auth/token/pass', { phone, ...(country ? { country } : {}), password: 'Member123' });

  it('texts the code to and stores the number with the picked country, and logs in by national form and country', async () => {
    expect((await register('0803 123 4567', 'NG', '+2348031234567')).json()).toMatchObject({ code: 200 });
    const stored = await ctx.db.kysely.selectFrom('users').select(['phone', 'name']).where('phone', '=', '+2348031234567').executeTakeFirstOrThrow();
    expect(stored.name).toBe('803****67');

    const national = await logIn('8031234567', 'NG');
    expect(national.json()).toMatchObject({ code: 200, data: { phone: '+2348031234567' } });
    expect((await logIn('+234 803 123 4567')).json().code).toBe(200);
    // The same digits in the default country (India) are another number.
    expect((await logIn('8031234567')).json().code).toBe(400);
  });

  it('registers +91 numbers as +91..., the default country when none is sent', async () => {
    expect((await register('9876512345', 'IN', '+919876512345')).json()).toMatchObject({ code: 200 });
    expect((await register('9876512346', undefined, '+919876512346')).json()).toMatchObject({ code: 200 });
    const phones = await ctx.db.kysely.selectFrom('users').select('phone').where('phone', 'like', '+9198765123%').orderBy('phone').execute();
    expect(phones.map((p) => p.phone)).toEqual(['+919876512345', '+919876512346']);
    expect((await logIn('9876512345', 'IN')).json()).toMatchObject({ code: 200 });
  });

  it('refuses a number with the wrong digit count for its country before texting anything', async () => {
    const before = await ctx.db.kysely.selectFrom('sms_outbox').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const short = await post(ctx.app, '/api/user/auth/code/reg', { phone: '61234567', country: 'ES', ...(await solveCaptcha(ctx)) });
    expect(short.json()).toMatchObject({ code: 400, msg: 'Please enter a valid phone number' });
    const unknown = await post(ctx.app, '/api/user/auth/code/reg', { phone: '+8613800138000', ...(await solveCaptcha(ctx)) });
    expect(unknown.json().code).toBe(400);
    const after = await ctx.db.kysely.selectFrom('sms_outbox').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('knows a number typed in national and international form is one number, registered once under a burst', async () => {
    const sent = await post(ctx.app, '/api/user/auth/code/reg', { phone: '7700 900123', country: 'GB', ...(await solveCaptcha(ctx)) });
    expect(sent.json().code).toBe(200);
    const smsCode = await codeTextedTo(ctx, '+447700900123');
    const forms = ['07700900123', '+447700900123', '7700900123', '0044 7700 900123'];
    const replies = await Promise.all(
      forms.map((phone) => post(ctx.app, '/api/user/auth/register', { phone, country: 'GB', password: 'Member123', confirmPassword: 'Member123', inviteCode: 'RIGSHARE', smsCode })),
    );
    expect(replies.filter((r) => r.json().code === 200)).toHaveLength(1);
    const rows = await ctx.db.kysely.selectFrom('users').select('phone').where('phone', 'like', '%7700900123').execute();
    expect(rows).toEqual([{ phone: '+447700900123' }]);
    const registered = await post(ctx.app, '/api/user/user/isValidAccount', { phone: '07700 900123', country: 'GB' });
    expect(registered.json().data).toEqual({ registered: true });
  });
});

describe.each(testDatabases())('migration 0050 on %s', (_name, database) => {
  it('stores every existing phone in E.164: national numbers get the default country, international ones keep theirs', async () => {
    const { db, drop } = await database.open();
    try {
      await migrateTo(db.kysely, db.dialect, '0046_sanitised_posts');
      const member = (id: number, phone: string) =>
        sql`INSERT INTO users (id, phone, password_hash, name, invite_code, created_at) VALUES (${id}, ${phone}, 'x', 'M', ${`CODE${id}`}, '2026-11-01T00:00:00.000Z')`.execute(db.kysely);
      await member(1, '9876543210');
      await member(2, '09876543211'); // with the trunk 0
      await member(3, '+447700900123');
      await member(4, '00447700900124');
      await member(5, '123456'); // too short for any country: prefixed all the same, still logs in
      await member(6, '9000000009'); // registered twice, once with "+91": left as it was
      await member(7, '+919000000009');
      await migrateToLatest(db.kysely, db.dialect);
      const rows = await sql<{ id: number; phone: string }>`SELECT id, phone FROM users ORDER BY id`.execute(db.kysely);
      expect(rows.rows.map((r) => [Number(r.id), r.phone])).toEqual([
        [1, '+919876543210'],
        [2, '+919876543211'],
        [3, '+447700900123'],
        [4, '+447700900124'],
        [5, '+91123456'],
        [6, '9000000009'],
        [7, '+919000000009'],
      ]);
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });
});
