import { parseAmount } from '@rigshare/domain';
import { DAY_MS, runAccrual } from '../src/jobs/accrual';
import { platformAccountId } from '../src/ledger/accounts';
import { postOperation } from '../src/ledger/ledger';
import { fundPool } from '../src/ledger/operator';
import { addProduct, asMember, getAs, ledgerCheckedApp, login, MANY_MEMBERS, post, signedInMember, testDatabases, type TestMember } from './helpers';

const usdt = (text: string) => parseAmount(text).toString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDatabases())('track record of products and orders on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);

  let t0 = 0;
  /** Moves the test clock to `ms` after t0 (never back). */
  const at = (ms: number) => {
    const target = t0 + ms;
    if (target < ctx.clock().getTime()) throw new Error('the test clock only moves forward');
    ctx.advance(target - ctx.clock().getTime());
  };
  /** The accrual job, run at `ms` after t0. */
  const runAt = async (ms: number) => {
    at(ms);
    await runAccrual(ctx.db, ctx.clock());
  };

  let requestSeq = 0;
  const buy = async (member: TestMember, productId: number, quantity: number) => {
    const reply = await post(
      ctx.app,
      '/api/orders/mine/order/create',
      { agree: '1', productId: String(productId), quantity: String(quantity), requestId: `track-${process.pid}-${++requestSeq}` },
      asMember(member.token),
    );
    expect(reply.json().code).toBe(200);
    return reply.json().data.id as number;
  };

  /** Moves everything in the revenue pool back to mining revenue: the next days wait. */
  const emptyPool = async (label: string) => {
    const pool = await platformAccountId(ctx.db.kysely, 'platform.revenue_pool');
    const revenue = await platformAccountId(ctx.db.kysely, 'platform.mining_revenue');
    const { balance } = await ctx.db.kysely.selectFrom('ledger_accounts').select('balance').where('id', '=', pool).executeTakeFirstOrThrow();
    await ctx.db.kysely.transaction().execute((trx) =>
      postOperation(trx, ctx.db.dialect, {
        operationKey: `test:drain:${label}`,
        at: ctx.clock(),
        legs: [{ key: `test:drain:${label}`, debit: pool, credit: revenue, amount: BigInt(balance), type: 'Reversal', description: 'test', reason: 'Test: pool emptied' }],
      }),
    );
  };

  it('counts, from the ledger, the days paid on time, paid late (how late) and still owed, over 30 and 90 days', async () => {
    const productId = await addProduct(ctx, { price: '10', dayReturn: '1', validDays: 100, offered: 1000 });
    const fresh = await addProduct(ctx, { price: '10', dayReturn: '0.5', validDays: 100, offered: 1000, name: 'Fresh rig' });
    const a = await signedInMember(ctx, '100');
    t0 = ctx.clock().getTime();
    // Order A: 2 machines, 2 USDT a day; day k falls due at t0 + k days. Day 1 is the free first day, paid at purchase.
    const orderA = await buy(a, productId, 2);

    // Days 2..9 and 11..40: the job pays each a minute after it falls due. Day 10 has no run (an outage):
    // the run a minute after day 11 pays it 1 day and 1 minute late.
    for (let k = 2; k <= 40; k++) if (k !== 10) await runAt(k * DAY_MS + MINUTE);

    // Days 41..44: the pool is empty, the runs record them Delayed; day 45 too, as the pool is funded
    // 3 hours after it fell due and the run then pays 41..45: 4 d 3 h, 3 d 3 h, 2 d 3 h, 1 d 3 h and 3 h late.
    at(40 * DAY_MS + 2 * MINUTE);
    await emptyPool(`${a.id}-1`);
    for (let k = 41; k <= 44; k++) await runAt(k * DAY_MS + MINUTE);
    at(45 * DAY_MS + 3 * HOUR);
    await fundPool(ctx.db, { amount: '10000', reason: 'Test mining revenue', at: ctx.clock() });
    await runAt(45 * DAY_MS + 3 * HOUR);
    // Day 46 paid 30 minutes after it fell due: within the hour of grace, on time. Day 47: 2 hours, late.
    await runAt(46 * DAY_MS + 30 * MINUTE);
    await runAt(47 * DAY_MS + 2 * HOUR);
    for (let k = 48; k <= 50; k++) await runAt(k * DAY_MS + MINUTE);

    // Order B: another member, 1 machine at 1 USDT a day, bought at t0 + 50 days 3 minutes (its day j falls due 3 minutes after A's day 50 + j).
    at(50 * DAY_MS + 2 * MINUTE);
    const b = await signedInMember(ctx, '100');
    at(50 * DAY_MS + 3 * MINUTE);
    const orderB = await buy(b, productId, 1);
    for (let k = 51; k <= 58; k++) await runAt(k * DAY_MS + 3 * MINUTE + MINUTE);

    // Day 59 (B's day 9): the pool is empty again, the run records it Delayed. Day 60 (B's day 10):
    // no run since, so the job has not even recorded it. Both are owed.
    at(58 * DAY_MS + 10 * MINUTE);
    await emptyPool(`${a.id}-2`);
    await runAt(59 * DAY_MS + 3 * MINUTE + MINUTE);
    // Now: 2 hours after day 60 fell due; days due up to an hour ago count, day 61 does not.
    at(60 * DAY_MS + 2 * HOUR);

    const product = (await ctx.app.inject({ method: 'GET', url: `/api/orders/product/trackRecord?id=${productId}` })).json();
    expect(product.code).toBe(200);
    const record = product.data;
    expect(record).toMatchObject({
      asOf: ctx.clock().toISOString(),
      countedThrough: new Date(t0 + 60 * DAY_MS + HOUR).toISOString(),
      graceMinutes: 60,
      statedDailyReturn: usdt('1'),
    });
    const [last30, last90] = record.windows;
    // Days 31..60 of A (2 USDT each) and days 1..10 of B (1 USDT each). Late: A's 41..45 and 47.
    // Delays in minutes: 120, 180, 1620, 3060, 4500, 5940 -> median (1620 + 3060) / 2 = 2340.
    // Owed: days 59 (1 d 2 h ago) and 60 of both orders.
    expect(last30).toMatchObject({
      days: 30,
      from: new Date(t0 + 30 * DAY_MS + HOUR).toISOString(),
      firstDueAt: new Date(t0 + 31 * DAY_MS).toISOString(),
      due: 40,
      onTime: 30,
      late: 6,
      owed: 4,
      medianDelayMinutes: 2340,
      longestDelayMinutes: 5940,
      oldestOwedMinutes: 26 * 60,
      dueAmount: usdt('70'),
      paidAmount: usdt('64'),
      unitDays: 70,
      paidPerUnitDay: usdt('0.91'),
    });
    // Days 1..60 of A and 1..10 of B; day 10 of A adds a late day of 1441 minutes -> median 1620.
    expect(last90).toMatchObject({
      days: 90,
      firstDueAt: new Date(t0 + DAY_MS).toISOString(),
      due: 70,
      onTime: 59,
      late: 7,
      owed: 4,
      medianDelayMinutes: 1620,
      longestDelayMinutes: 5940,
      oldestOwedMinutes: 26 * 60,
      dueAmount: usdt('130'),
      paidAmount: usdt('124'),
      unitDays: 130,
      paidPerUnitDay: usdt('0.95'),
    });
    // One entry a day, oldest first: entry i of the 30 days is day 31 + i.
    expect(last30.daily).toHaveLength(30);
    expect(last90.daily).toHaveLength(90);
    expect(last30.daily[10]).toEqual({ onTime: 0, late: 1, owed: 0 }); // day 41
    expect(last30.daily[15]).toEqual({ onTime: 1, late: 0, owed: 0 }); // day 46, paid within the grace
    expect(last30.daily[16]).toEqual({ onTime: 0, late: 1, owed: 0 }); // day 47
    expect(last30.daily[20]).toEqual({ onTime: 2, late: 0, owed: 0 }); // day 51: A's and B's first day
    expect(last30.daily[28]).toEqual({ onTime: 0, late: 0, owed: 2 }); // day 59
    expect(last30.daily[29]).toEqual({ onTime: 0, late: 0, owed: 2 }); // day 60, not yet recorded by the job
    expect(last90.daily[39]).toEqual({ onTime: 0, late: 1, owed: 0 }); // day 10
    // Nothing fell due in the 29 days before the first one.
    expect(last90.daily.slice(0, 29).reduce((n: number, d: { onTime: number; late: number; owed: number }) => n + d.onTime + d.late + d.owed, 0)).toBe(0);

    // Each owner sees their own order's record, with its own stated return (2 machines: 1 USDT each).
    const tokenA = await login(ctx, a.phone, 'Member123');
    const tokenB = await login(ctx, b.phone, 'Member123');
    const ownA = (await getAs(ctx, `/api/orders/mine/order/trackRecord?id=${orderA}`, tokenA)).json();
    expect(ownA.code).toBe(200);
    expect(ownA.data.statedDailyReturn).toBe(usdt('1'));
    expect(ownA.data.windows[0]).toMatchObject({ due: 30, onTime: 22, late: 6, owed: 2, medianDelayMinutes: 2340, dueAmount: usdt('60'), paidAmount: usdt('56'), unitDays: 60 });
    expect(ownA.data.windows[1]).toMatchObject({ due: 60, onTime: 51, late: 7, owed: 2, medianDelayMinutes: 1620, dueAmount: usdt('120'), paidAmount: usdt('116'), paidPerUnitDay: usdt('0.96') });
    const ownB = (await getAs(ctx, `/api/orders/mine/order/trackRecord?id=${orderB}`, tokenB)).json();
    expect(ownB.data.windows[0]).toMatchObject({ due: 10, onTime: 8, late: 0, owed: 2, medianDelayMinutes: null, longestDelayMinutes: null, oldestOwedMinutes: 26 * 60 - 3 });

    // A product nothing has fallen due for yet says so: no day due, no delay, no average.
    const none = (await ctx.app.inject({ method: 'GET', url: `/api/orders/product/trackRecord?id=${fresh}` })).json().data;
    for (const window of none.windows)
      expect(window).toMatchObject({ due: 0, onTime: 0, late: 0, owed: 0, firstDueAt: null, medianDelayMinutes: null, oldestOwedMinutes: null, paidPerUnitDay: null });
    expect(none.statedDailyReturn).toBe(usdt('0.5'));
  });

  it('shows an order only to its owner, and reads the same figures however many ask at once', async () => {
    const productId = await addProduct(ctx, { price: '5', dayReturn: '0.5', validDays: 10, offered: 100 });
    const owner = await signedInMember(ctx, '10');
    const other = await signedInMember(ctx, '10');
    const orderId = await buy(owner, productId, 1);
    ctx.advance(2 * DAY_MS + 2 * HOUR);
    await fundPool(ctx.db, { amount: '100', reason: 'Test mining revenue', at: ctx.clock() });
    const ownerToken = await login(ctx, owner.phone, 'Member123');
    const otherToken = await login(ctx, other.phone, 'Member123');

    const url = `/api/orders/mine/order/trackRecord?id=${orderId}`;
    // Another member's order answers like one that does not exist; no session, no record.
    const foreign = (await getAs(ctx, url, otherToken)).json();
    expect(foreign).toMatchObject({ code: 404, data: null });
    expect((await getAs(ctx, '/api/orders/mine/order/trackRecord?id=999999', otherToken)).json().code).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).json().code).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders/product/trackRecord?id=999999' })).json().code).toBe(404);

    // Day 2 fell due and the job has not run: owed. Twenty reads at once while the job pays it see it
    // either owed or paid, never both nor neither.
    const before = (await getAs(ctx, url, ownerToken)).json().data.windows[0];
    expect(before).toMatchObject({ due: 2, onTime: 1, late: 0, owed: 1 });
    const productUrl = `/api/orders/product/trackRecord?id=${productId}`;
    const [reads, productReads] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => getAs(ctx, url, ownerToken))),
      Promise.all(Array.from({ length: 20 }, () => ctx.app.inject({ method: 'GET', url: productUrl }))),
      runAccrual(ctx.db, ctx.clock()),
    ]);
    for (const read of [...reads, ...productReads]) {
      const window = read.json().data.windows[0];
      expect(window.due).toBe(2);
      expect(window.onTime + window.late + window.owed).toBe(2);
      expect([0, 1]).toContain(window.late);
    }
    const after = (await getAs(ctx, url, ownerToken)).json().data.windows[0];
    // Paid 2 h after it fell due: late by 120 minutes. The product, whose one order it is, says the same
    // at once: the run makes each instance read its record again.
    const paid = { due: 2, onTime: 1, late: 1, owed: 0, medianDelayMinutes: 120, longestDelayMinutes: 120, paidAmount: usdt('1') };
    expect(after).toMatchObject(paid);
    expect((await ctx.app.inject({ method: 'GET', url: productUrl })).json().data.windows[0]).toMatchObject(paid);
  });
});
