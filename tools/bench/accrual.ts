/**
 * npm run bench:accrual -- --orders N [--orders-per-member K]
 *
 * Seeds N active orders (one day due each) in a scratch PostgreSQL database created next to DATABASE_URL,
 * times one full run of the real accrual job (server/src/jobs/accrual.ts: the INSERT..SELECT of the due
 * (order, day) rows, the run's one ledger transfer into income payable, the balance updates and checks,
 * the expiry pass), then times a bare INSERT..SELECT of the same N rows into a copy of income_accruals
 * (same columns and indexes, LIKE .. INCLUDING ALL; payable = 1 like the job's, so the partial index of
 * owed days gets the same entries), checks the ledger, drops the scratch database and prints, last:
 *   accrual N orders: X s; bare insert: Y s; ratio R
 */
import { sql } from 'kysely';
import { insertBenchProduct } from './bench-product';
import { machineLine } from './machine';
import { option, withScratchDb } from './scratch-db';
// The benchmark must time the server's real job, so it imports the server's code by path.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { DAY_MS, runAccrual } from '../../server/src/jobs/accrual';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { checkLedger } from '../../server/src/ledger/check';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { fundPool } from '../../server/src/ledger/operator';

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main(): Promise<void> {
  const orders = option('orders', 1_000_000);
  const perMember = option('orders-per-member', 4);
  const members = Math.ceil(orders / perMember);

  await withScratchDb({ prefix: 'rigshare_bench', verboseSqlChars: 120 }, async (db, scratch) => {
    const k = db.kysely;
    const now = new Date();
    const nowMs = now.getTime();
    const t0 = Date.now();
    console.log(`seeding ${members} members and ${orders} orders in ${scratch} ...`);
    await sql`
      INSERT INTO users (phone, password_hash, name, invite_code, inviter_id, vip_level, grade, timezone_type, created_at)
      SELECT '8' || lpad(g::text, 9, '0'), 'bench', 'bench ' || g, 'B' || g, NULL, 0, 0, 0, ${now.toISOString()}
      FROM generate_series(1, ${members}::int) AS g`.execute(k);
    await sql`
      INSERT INTO ledger_accounts (owner_user_id, kind, allow_negative, balance, created_at)
      SELECT u.id, k.kind, 0, 0, ${now.toISOString()}
      FROM users u CROSS JOIN (VALUES ('member.available'), ('member.pending_income'), ('member.held')) AS k(kind)`.execute(k);
    // Up to 3 units an order; the database counts the units sold from the orders inserted below.
    const productId = await insertBenchProduct(k, now, { onSaleDays: 30, dayReturnMicro: '1800000', validDays: 60, priceMicro: '100000000', unitsOffered: orders * 3, sortOrder: 1 });
    // Each order was bought 24 h + up to an hour ago: exactly day 1 is due.
    await sql`
      INSERT INTO orders (user_id, product_id, quantity, unit_price, amount, coupon_id, coupon_amount, day_return_amount,
                          valid_days, request_id, request_hash, created_at, created_ms, ends_ms, status)
      SELECT u.id, ${productId}::int, 1 + (g % 3), 100000000, 100000000 * (1 + (g % 3)), NULL, 0, 1800000,
             60, 'bench-' || g, 'bench', ${now.toISOString()},
             ${BigInt(nowMs - DAY_MS)}::bigint - (g % 3600000), ${BigInt(nowMs - DAY_MS)}::bigint - (g % 3600000) + 60 * ${BigInt(DAY_MS)}::bigint, 'Valid'
      FROM generate_series(1, ${orders}::int) AS g
      JOIN users u ON u.phone = '8' || lpad((1 + (g - 1) % ${members}::int)::text, 9, '0')`.execute(k);
    // Enough recorded mining revenue to pay the day: 1.8 USDT x up to 3 units per order.
    await fundPool(db, { amount: String(Math.ceil(orders * 1.8 * 3) + 1), reason: 'Benchmark mining revenue', at: now });
    await sql`VACUUM ANALYZE`.execute(k);
    await sql`SELECT COUNT(*) FROM orders`.execute(k);
    console.log(`seeded in ${seconds(Date.now() - t0)} s`);

    const a0 = performance.now();
    const result = await runAccrual(db, now);
    const accrualMs = performance.now() - a0;
    if (result.paidDays !== orders) throw new Error(`expected ${orders} paid days, the job paid ${result.paidDays}`);
    console.log(`accrual run: ${result.paidDays} days paid, ${result.transfers} transfers, ${seconds(accrualMs)} s`);

    await sql`CREATE TABLE bench_bare_accruals (LIKE income_accruals INCLUDING ALL)`.execute(k);
    const b0 = performance.now();
    const bare = await sql`
      INSERT INTO bench_bare_accruals (order_id, user_id, day, amount, status, reason, due_ms, accrued_at, paid_run_id, source, payable)
      SELECT o.id, o.user_id, 1, o.day_return_amount * o.quantity, 'Paid', NULL, o.created_ms + ${BigInt(DAY_MS)}::bigint,
             ${now.toISOString()}, 1, 'job', 1
      FROM orders o WHERE o.status = 'Valid'`.execute(k);
    const bareMs = performance.now() - b0;
    if (Number(bare.numAffectedRows) !== orders) throw new Error('bare insert wrote a different number of rows');

    const problems = await checkLedger(k);
    console.log(problems.length === 0 ? 'ledger ok' : `ledger broken: ${problems.join('; ')}`);
    console.log(`Machine: ${machineLine()}`);
    console.log(`accrual ${orders} orders: ${seconds(accrualMs)} s; bare insert: ${seconds(bareMs)} s; ratio ${(accrualMs / bareMs).toFixed(2)}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
