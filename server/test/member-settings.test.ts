import { getAs, post, signedInMember, staffSession, STAFF_CONFIG, startApp, testDatabases, type TestContext } from './helpers';

const HOUR = 3_600_000;

describe.each(testDatabases())('settings members depend on, on %s', (_name, database) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    ctx = await startApp(database, { ...STAFF_CONFIG, rateMaxAgeMs: HOUR, serviceLink: '', team: { groupUrl: '', videoSites: ['youtube.com'] } });
    admin = await staffSession(ctx, 'ada', 'admin');
    support = await staffSession(ctx, 'sam', 'support');
  });
  afterAll(async () => ctx.close());

  const unset = async (headers: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/settings/unset', headers });
    expect(res.json()).toMatchObject({ code: 200 });
    return res.json().data as { key: string; setAt: string; detail: string | null }[];
  };

  it('lists each empty one with where staff set it, for every role, until staff set it', async () => {
    const before = await unset(support);
    expect(before.map((s) => s.key)).toEqual(['serviceLink', 'groupLink']);
    expect(before[0]).toEqual({ key: 'serviceLink', setAt: '/console/catalogue?tab=links', detail: null });
    // The member's customer service has no link: the app says it is not set up.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/appUrl/info' })).json().data).toEqual({ appUrl: null });

    const set = await ctx.app.inject({ method: 'POST', url: '/admin/links', headers: admin, payload: { key: 'serviceLink', value: 'https://t.me/rigshare_help' } });
    expect(set.json()).toMatchObject({ code: 200 });
    expect((await unset(admin)).map((s) => s.key)).toEqual(['groupLink']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/appUrl/info' })).json().data).toEqual({ appUrl: 'https://t.me/rigshare_help' });
  });

  it('names the currencies whose cash recharges stop for want of a current rate, and an empty channel list', async () => {
    ctx.advance(2 * HOUR);
    const stale = (await unset(support)).find((s) => s.key === 'exchangeRates');
    expect(stale).toMatchObject({ setAt: '/console/rates', detail: expect.stringMatching(/^[A-Z]{3}(, [A-Z]{3})*$/) });
    for (const currency of stale!.detail!.split(', ')) {
      const res = await ctx.app.inject({ method: 'POST', url: '/admin/rates', headers: admin, payload: { currency, rate: '85' } });
      expect(res.json()).toMatchObject({ code: 200 });
    }
    expect((await unset(support)).map((s) => s.key)).toEqual(['groupLink']);

    const channels = (await ctx.app.inject({ method: 'GET', url: '/admin/pay-channels?pageSize=100', headers: admin })).json().data.list as { id: number; enabled: boolean }[];
    for (const c of channels.filter((c) => c.enabled)) {
      expect((await ctx.app.inject({ method: 'POST', url: `/admin/pay-channels/${c.id}/disable`, headers: admin, payload: {} })).json()).toMatchObject({ code: 200 });
    }
    expect((await unset(support)).map((s) => s.key)).toEqual(['groupLink', 'rechargeChannels']);
    const member = await signedInMember(ctx);
    expect((await getAs(ctx, '/api/assets/system/pay/config/banks', member.token)).json().data).toEqual([]);
  });

  it('is for staff only', async () => {
    const member = await signedInMember(ctx);
    expect((await getAs(ctx, '/admin/settings/unset', member.token)).statusCode).toBe(403);
    expect((await post(ctx.app, '/admin/links', { key: 'groupLink', value: 'https://t.me/x' })).statusCode).toBe(401);
  });
});
