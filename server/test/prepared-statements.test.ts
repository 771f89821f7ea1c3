import { sql } from 'kysely';
import { Client } from 'pg';
import { addProduct, asMember, getAs, MANY_MEMBERS, post, signedInMember, startApp, type TestContext, testDatabases, e164 } from './helpers';

/**
 * On PostgreSQL the API prepares the statements it sends again (src/db/prepared-statements.ts). What an
 * operator would notice: the hot reads are prepared on the connections, and a migration run by another
 * instance while this one serves (a rolling upgrade) breaks neither reads nor purchases.
 */
const postgres = testDatabases().filter(([name]) => name === 'postgres');
const describeOnPostgres = postgres.length > 0 ? describe : describe.skip;

describeOnPostgres('statements prepared once per connection on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(postgres[0][1], MANY_MEMBERS);
  });
  afterAll(async () => ctx.close());

  it('keeps a statement sent again prepared on its connection, but not a one-off one or one that returns *', async () => {
    const member = await signedInMember(ctx);
    await ctx.db.kysely.connection().execute(async (connection) => {
      for (let run = 0; run < 3; run++) {
        expect((await connection.selectFrom('users').select('phone').where('id', '=', member.id).executeTakeFirstOrThrow()).phone).toBe(member.phone);
        // A prepared `*` would fail inside a transaction once a migration adds a column to the table.
        expect((await connection.selectFrom('users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow()).phone).toBe(member.phone);
      }
      await connection.selectFrom('users').select('name').where('phone', '=', e164(member.phone)).where('id', '>', 0).execute();
      const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(connection);
      const prepared = rows.map((r) => r.statement);
      expect(prepared).toContain('select "phone" from "users" where "id" = $1');
      expect(prepared).not.toContain('select * from "users" where "id" = $1');
      expect(prepared.some((statement) => statement.includes('"name" from "users"'))).toBe(false);
    });
  });

  it('goes on serving profiles and purchases while another instance migrates the tables they read', async () => {
    const member = await signedInMember(ctx, '100');
    const productId = String(await addProduct(ctx, { name: 'Prepared rig', price: '1', dayReturn: '0.1', validDays: 10, offered: 1000 }));
    let requestSeq = 0;
    const buy = () =>
      post(ctx.app, '/api/orders/mine/order/create', { agree: '1', quantity: '1', productId, requestId: `prepared-${++requestSeq}` }, asMember(member.token));
    const profile = async () => (await getAs(ctx, '/api/user/user/info', member.token)).json();
    // By now the connections these requests use have their statements prepared.
    for (let run = 0; run < 12; run++) {
      expect((await profile()).code).toBe(200);
      expect((await buy()).json().code).toBe(200);
    }

    // Another instance's migration: a column added to each table these requests read, one's type changed.
    const other = new Client({ connectionString: ctx.db.url });
    await other.connect();
    try {
      await other.query('ALTER TABLE users ADD COLUMN migrated_note text');
      await other.query('ALTER TABLE products ADD COLUMN migrated_note text');
      await other.query('ALTER TABLE orders ADD COLUMN migrated_note text');
      await other.query('ALTER TABLE users ALTER COLUMN mark_text TYPE varchar(300)');
    } finally {
      await other.end();
    }

    for (let run = 0; run < 12; run++) {
      expect(await profile()).toMatchObject({ code: 200, data: { phone: member.phone } });
      expect((await buy()).json()).toMatchObject({ code: 200 });
    }
    const orders = await ctx.db.kysely.selectFrom('orders').select('id').where('user_id', '=', member.id).execute();
    expect(orders).toHaveLength(24);
  });
});
