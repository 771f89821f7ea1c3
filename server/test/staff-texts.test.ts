import { publishNotice, unpublishNotice } from '../src/features/messages';
import { asMember, getAs, MANY_MEMBERS, signedInMember, STAFF_CONFIG, staffSession, startApp, type TestContext, testDatabases, type TestMember } from './helpers';

/**
 * The two texts staff publish for members besides the home page's: the wallet page's notices
 * (sys/wallet-notice) and the invite message members share (queryInviteMsg), each set from the console
 * (or, for notices, the command line's service) with an audit row.
 */
describe.each(testDatabases())('wallet notices and the invite message on %s', (_name, database) => {
  let ctx: TestContext;
  let content: Record<string, string>;
  beforeAll(async () => {
    ctx = await startApp(database, { ...MANY_MEMBERS, ...STAFF_CONFIG });
    content = await staffSession(ctx, `texts-content-${process.pid}`, 'content');
  });
  afterAll(async () => ctx.close());

  const asStaff = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers = content) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const walletNotices = async (m: TestMember, language?: string) =>
    (await getAs(ctx, '/api/user/sys/wallet-notice', m.token, language ? { language } : {})).json().data as { id: number; title: string; content: string }[];
  const inviteMsg = async (m: TestMember, language?: string) => (await getAs(ctx, '/api/user/queryInviteMsg', m.token, language ? { language } : {})).json();
  const auditOf = (action: string) =>
    ctx.db.kysely.selectFrom('audit_log').select(['actor', 'actor_role', 'target', 'before_state', 'after_state']).where('action', '=', action).orderBy('id').execute();
  const codeOf = async (m: TestMember) => (await ctx.db.kysely.selectFrom('users').select('invite_code').where('id', '=', m.id).executeTakeFirstOrThrow()).invite_code;

  it('shows published wallet notices to members only, localized, and nothing once unpublished', async () => {
    const m = await signedInMember(ctx);
    expect(await walletNotices(m)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/sys/wallet-notice' })).json().code).toBe(401);

    const published = await asStaff('POST', '/admin/content/notices', { kind: 'wallet', title: 'Bank hours', content: 'Bank withdrawals arrive on working days.' });
    expect(published.json()).toMatchObject({ code: 200 });
    const id = published.json().data.id as number;
    // The command line's service, with another language and no title.
    const cli = await publishNotice(ctx.db.kysely, {
      kind: 'wallet',
      title: undefined,
      content: 'USDT deposits need 15 confirmations.',
      translations: JSON.stringify({ 'de-DE': { content: 'USDT-Einzahlungen brauchen 15 Bestätigungen.' } }),
      by: 'ops',
      at: ctx.clock(),
    });
    expect(await walletNotices(m)).toEqual([
      { id, title: 'Bank hours', content: 'Bank withdrawals arrive on working days.' },
      { id: cli.id, title: '', content: 'USDT deposits need 15 confirmations.' },
    ]);
    expect((await walletNotices(m, 'de_DE'))[1]).toMatchObject({ content: 'USDT-Einzahlungen brauchen 15 Bestätigungen.' });
    // Not on the home page's scrolling line or as a pop-up.
    expect((await getAs(ctx, '/api/user/sys/scroll-notice', m.token)).json().data).not.toContain('USDT deposits need 15 confirmations.');
    expect((await getAs(ctx, '/api/user/sys/queryPopUpRwList', m.token)).json().data.map((n: { id: number }) => n.id)).not.toContain(id);
    // The console lists it with its kind.
    const listed = (await asStaff('GET', '/admin/content/notices?pageSize=50')).json().data.list as { id: number; kind: string }[];
    expect(listed.find((n) => n.id === id)).toMatchObject({ kind: 'wallet' });

    expect((await asStaff('POST', `/admin/content/notices/${id}/unpublish`, {})).json()).toMatchObject({ code: 200 });
    await unpublishNotice(ctx.db.kysely, { id: cli.id, by: 'ops', at: ctx.clock() });
    expect(await walletNotices(m)).toEqual([]);
    expect((await asStaff('POST', `/admin/content/notices/${id}/unpublish`, {})).json()).toMatchObject({ code: 404 });

    const publishes = (await auditOf('notice.publish')).filter((r) => r.target === `notice:${id}` || r.target === `notice:${cli.id}`);
    expect(publishes).toEqual([
      expect.objectContaining({ actor: `texts-content-${process.pid}`, actor_role: 'content', target: `notice:${id}` }),
      expect.objectContaining({ actor: 'ops', target: `notice:${cli.id}` }),
    ]);
    expect((await auditOf('notice.unpublish')).filter((r) => r.target === `notice:${id}`)).toEqual([expect.objectContaining({ actor_role: 'content' })]);
  });

  it("gives the member the app's own invite text in their language until staff set one, then staff's, with their own link and code", async () => {
    const m = await signedInMember(ctx);
    const code = await codeOf(m);
    const link = ctx.config.shareBaseUrl + encodeURIComponent(code);

    const english = await inviteMsg(m);
    expect(english).toMatchObject({ code: 200, data: { inviteCode: code, shareUrl: link } });
    expect(english.data.message).toBe(`Join me on Rigshare! Register with my invite link ${link} (invite code ${code}).`);
    expect((await inviteMsg(m, 'ta_IN')).data.message).toContain(`அழைப்பு இணைப்பு ${link}`);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/queryInviteMsg' })).json().code).toBe(401);

    const set = await asStaff('POST', '/admin/content/invite-message', {
      texts: { 'en-US': 'Mine machines with me: {link} (code {code})', 'hi-IN': 'मेरे साथ जुड़ें: {link}', 'fr-FR': 'Code {code} seulement', 'de-DE': '  ' },
    });
    expect(set.json()).toMatchObject({ code: 200, data: { texts: { 'en-US': 'Mine machines with me: {link} (code {code})', 'hi-IN': 'मेरे साथ जुड़ें: {link}' }, updatedBy: `texts-content-${process.pid}` } });
    expect(set.json().data.texts).not.toHaveProperty('de-DE');

    expect((await inviteMsg(m)).data.message).toBe(`Mine machines with me: ${link} (code ${code})`);
    expect((await inviteMsg(m, 'hi_IN')).data.message).toBe(`मेरे साथ जुड़ें: ${link}`);
    // No {link} in the text: the link is added, so a share always carries it.
    expect((await inviteMsg(m, 'fr_FR')).data.message).toBe(`Code ${code} seulement\n${link}`);
    // An empty language falls back to staff's English, not to the app's own text.
    expect((await inviteMsg(m, 'de_DE')).data.message).toBe(`Mine machines with me: ${link} (code ${code})`);
    // Each member gets their own code.
    const other = await signedInMember(ctx);
    expect((await inviteMsg(other)).data.message).toContain(`(code ${await codeOf(other)})`);

    expect((await asStaff('GET', '/admin/content/invite-message')).json().data).toMatchObject({ texts: { 'fr-FR': 'Code {code} seulement' }, updatedBy: `texts-content-${process.pid}` });
    const rows = await auditOf('inviteMessage.set');
    expect(rows.at(-1)).toMatchObject({ actor: `texts-content-${process.pid}`, actor_role: 'content', target: 'setting:inviteMessage' });
    expect(JSON.parse(rows.at(-1)!.after_state!)).toMatchObject({ 'en-US': 'Mine machines with me: {link} (code {code})' });
  });

  it('refuses an invite message without English, with an unknown placeholder or language, or too long, and changes nothing', async () => {
    const m = await signedInMember(ctx);
    const before = (await inviteMsg(m)).data.message;
    const audits = (await auditOf('inviteMessage.set')).length;
    const refused = async (texts: Record<string, string>, reason: RegExp) => {
      const res = (await asStaff('POST', '/admin/content/invite-message', { texts })).json();
      expect(res.code).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(res)).toMatch(reason);
    };
    await refused({ 'hi-IN': 'मेरे साथ जुड़ें {link}' }, /English/);
    await refused({ 'en-US': 'Join {link} and get {bonus}' }, /\{bonus\}/);
    await refused({ 'en-US': 'Join {link}', 'xx-XX': 'hello' }, /xx-XX/);
    await refused({ 'en-US': 'x'.repeat(501) }, /at most 500 characters/);
    expect((await inviteMsg(m)).data.message).toBe(before);
    expect(await auditOf('inviteMessage.set')).toHaveLength(audits);

    // Only content staff (and admin) set it.
    const finance = await staffSession(ctx, `texts-finance-${process.pid}`, 'finance');
    expect((await asStaff('POST', '/admin/content/invite-message', { texts: { 'en-US': 'Join {link}' } }, finance)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/admin/content/invite-message', payload: { texts: { 'en-US': 'Join {link}' } }, headers: asMember(m.token) })).json().code).not.toBe(200);
  });
});
