import { asMember, getAs, MANY_MEMBERS, signedInMember, staffSession, STAFF_CONFIG, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

/** Staff posting for a member from the console: the author and the role come from the staff session. */
describe.each(testDatabases())('posting for a member from the console on %s', (_name, database) => {
  let ctx: TestContext;
  let bob: TestMember;
  let alice: TestMember;
  let content: Record<string, string>;
  let finance: Record<string, string>;
  beforeAll(async () => {
    ctx = await startApp(database, { ...MANY_MEMBERS, ...STAFF_CONFIG });
    bob = await signedInMember(ctx);
    alice = await signedInMember(ctx);
    content = await staffSession(ctx, 'cara.content', 'content');
    finance = await staffSession(ctx, 'fin.ops', 'finance');
  });
  afterAll(async () => ctx.close());

  const postFor = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/admin/content/post-for-member', headers: { ...headers, 'x-forwarded-for': '203.0.113.9' }, payload });

  it('publishes with the "posted by staff" mark of the session\'s role, the session\'s login as author and an audit row', async () => {
    const res = await postFor(content, { to: `id:${bob.id}`, content: 'Welcome to the team, Bob' });
    expect(res.json()).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const id = res.json().data.id;
    const feed = (await getAs(ctx, '/api/comment/square/list?pageSize=50', alice.token)).json().data.list;
    expect(feed.find((p: { id: number }) => p.id === id)).toMatchObject({ content: 'Welcome to the team, Bob', postedByStaff: { role: 'content' } });
    const row = await ctx.db.kysely.selectFrom('posts').select(['user_id', 'staff_author', 'staff_role']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: bob.id, staff_author: 'cara.content', staff_role: 'content' });
    const audit = await ctx.db.kysely.selectFrom('audit_log').selectAll().where('target', '=', `post:${id}`).execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'cara.content', actor_role: 'content', action: 'post.create_for_member', details: `member:${bob.id}` })]);
    expect(audit[0].source_address).toBeTruthy();
  });

  it('finds the member by phone too, and takes no typed author or role', async () => {
    const res = await postFor(content, { to: bob.phone, content: 'Second note for Bob', by: 'somebody.else', role: 'manager' });
    // Fields the form does not have are dropped before the route runs: the session decides.
    expect(res.json()).toMatchObject({ code: 200 });
    const row = await ctx.db.kysely.selectFrom('posts').select(['staff_author', 'staff_role']).where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ staff_author: 'cara.content', staff_role: 'content' });
  });

  it('is refused to roles that do not post and for unknown members, changing nothing', async () => {
    const before = await ctx.db.kysely.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect((await postFor(finance, { to: `id:${bob.id}`, content: 'Not mine to post' })).statusCode).toBe(403);
    expect((await postFor(content, { to: 'id:999999', content: 'Nobody' })).json()).toMatchObject({ code: 404 });
    expect((await postFor(asMember(bob.token), { to: `id:${alice.id}`, content: 'Members cannot' })).statusCode).toBe(403);
    const after = await ctx.db.kysely.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
