/**
 * npm run bench:team -- [--members N] [--team T] [--purchases P] [--runs R] [--verbose] [--keep]
 *
 * Seeds a member tree in a scratch PostgreSQL database created next to DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) and dropped at the end, through the real migrations:
 * N members (default 1 000 000), of whom one, the "big member" (id 1), has T members below them
 * (default 100 000) over three levels (A = ceil(T/1000), B = ceil(T/40), C = the rest); the other members
 * form a separate forest. Then it prints p50/p95 over R runs (default 20) of
 *   - team info of the big member (server/src/features/team teamInfo: three level counts + reward sums),
 *   - a page deep in list C (teamList, page at 90 % of the list, 20 a page),
 * each next to a bare SQL query of the same rows, and one timed run of the referral payout of P purchases
 * (default = T, one per team member) through the real job code path (jobs/team-rewards.ts
 * grantTeamRewards, then jobs/rewards.ts payPendingRewards from a funded budget), next to a bare
 * INSERT..SELECT of the same reward rows and transfers. Then the ledger check.
 * Smaller: `npm run bench:team -- --members 100000 --team 10000`.
 */
import { sql } from 'kysely';
import { insertBenchProduct } from './bench-product';
import { machineLine } from './machine';
import { option, withScratchDb } from './scratch-db';
// The benchmark must time the server's real code, so it imports the server's code by path.
// The service module, not the feature's index: the index also brings the routes, whose multipart types
// only the server project's typecheck loads.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { teamInfo, teamList } from '../../server/src/features/team/service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { grantTeamRewards } from '../../server/src/jobs/team-rewards';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { fundRewardsBudget, payPendingRewards, rewardProblems } from '../../server/src/jobs/rewards';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { checkLedger } from '../../server/src/ledger/check';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { AppDeps } from '../../server/src/types';

const ms = (x: number) => `${x.toFixed(1)} ms`;
const seconds = (x: number) => `${(x / 1000).toFixed(2)} s`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs `fn` once to warm up, then `runs` times; returns p50 and p95 in ms. */
async function measure(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  const members = option('members', 1_000_000);
  const team = option('team', 100_000);
  const purchases = option('purchases', team);
  const runs = option('runs', 20);
  if (team + 1 > members) throw new Error('--team must be smaller than --members');
  if (purchases > team) throw new Error('--purchases is at most --team (one purchase per team member)');
  const levelA = Math.ceil(team / 1000);
  const levelB = Math.ceil(team / 40);
  const levelC = team - levelA - levelB;
  if (levelC < 1) throw new Error('--team is too small for three levels');
  // Ids: 1 = the big member; then A, B, C; then the rest (a forest, 5 invited each).
  const startB = 2 + levelA;
  const startC = startB + levelB;
  const startRest = startC + levelC;

  await withScratchDb({ prefix: 'rigshare_bench_team', verboseSqlChars: 160, fallbackUrl: 'postgres://postgres@127.0.0.1:5432/test' }, async (db, scratch) => {
    const k = db.kysely;
    // teamInfo reads only the database and the share link's base from its deps.
    const deps = { db, config: { shareBaseUrl: 'https://rigshare.example/r/' } } as unknown as AppDeps;
    const now = new Date();
    const iso = now.toISOString();
    const t0 = Date.now();
    console.log(`seeding ${members} members (A ${levelA}, B ${levelB}, C ${levelC} below member 1) in ${scratch} ...`);
    await sql`
      INSERT INTO users (id, phone, password_hash, name, invite_code, inviter_id, vip_level, grade, timezone_type, created_at)
      SELECT g, '8' || lpad(g::text, 9, '0'), 'bench', 'bench ' || g, 'B' || g,
             CASE
               WHEN g = 1 THEN NULL
               WHEN g < ${startB}::int THEN 1
               WHEN g < ${startC}::int THEN 2 + (g - ${startB}::int) % ${levelA}::int
               WHEN g < ${startRest}::int THEN ${startB}::int + (g - ${startC}::int) % ${levelB}::int
               WHEN g - ${startRest}::int < 1000 THEN NULL
               ELSE ${startRest}::int + (g - ${startRest}::int) / 5
             END,
             0, 0, 0, ${iso}
      FROM generate_series(1, ${members}::int) AS g`.execute(k);
    await sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${members}::int)`.execute(k);
    // One unit an order and at most one order a member (the others' below, then the P purchases): the database refuses more than offered.
    const productId = await insertBenchProduct(k, now, { onSaleDays: 30, dayReturnMicro: '1800000', validDays: 60, priceMicro: '100000000', unitsOffered: members, sortOrder: 1 });
    // The budget covers every referral reward (at most 8 % of 100 USDT per purchase).
    await fundRewardsBudget(db, { amount: String(purchases * 8 + 1), reason: 'Benchmark rewards budget', at: now });
    // The rest of the members get some other orders and rewards, so the tables are not empty around the team.
    await sql`
      INSERT INTO orders (user_id, product_id, quantity, unit_price, amount, coupon_id, coupon_amount, day_return_amount,
                          valid_days, request_id, request_hash, created_at, created_ms, ends_ms, status)
      SELECT g, ${productId}::int, 1, 100000000, 100000000, NULL, 0, 1800000, 60, 'other-' || g, 'bench', ${iso},
             ${BigInt(now.getTime())}::bigint, ${BigInt(now.getTime())}::bigint + 60 * 86400000::bigint, CASE WHEN g % 2 = 0 THEN 'Valid' ELSE 'Expired' END
      FROM generate_series(${startRest}::int, ${members}::int, 3) AS g`.execute(k);
    // Everything so far is "seen" by the job: the referral run below grants only the P purchases.
    await sql`UPDATE team_cursors SET value = (SELECT COALESCE(MAX(id), 0) FROM orders) + 1000 WHERE name = 'orders'`.execute(k);
    await sql`VACUUM ANALYZE`.execute(k);
    console.log(`seeded in ${seconds(Date.now() - t0)}`);

    const listC = await teamList(k, 1, 'C', { pageNum: 1, pageSize: 1 });
    const pageSize = 20;
    const pageNum = Math.max(1, Math.floor((listC.total / pageSize) * 0.9));
    console.log(`team of member 1: list C has ${listC.total} members; deep page ${pageNum} of ${pageSize}`);

    // The P purchases: one order by each of the last P team members (mostly level C: three uplines).
    const firstBuyer = startRest - purchases;
    await sql`
      INSERT INTO orders (user_id, product_id, quantity, unit_price, amount, coupon_id, coupon_amount, day_return_amount,
                          valid_days, request_id, request_hash, created_at, created_ms, ends_ms, status)
      SELECT g, ${productId}::int, 1, 100000000, 100000000, NULL, 0, 1800000, 60, 'bench-' || g, 'bench', ${iso},
             ${BigInt(now.getTime())}::bigint, ${BigInt(now.getTime())}::bigint + 60 * 86400000::bigint, 'Valid'
      FROM generate_series(${firstBuyer}::int, ${startRest - 1}::int) AS g`.execute(k);
    await sql`ANALYZE`.execute(k);

    const info = await measure(runs, () => teamInfo(deps, 1));
    const infoBare = await measure(runs, () =>
      sql`SELECT (SELECT COUNT(*) FROM users a WHERE a.inviter_id = 1) AS a,
                 (SELECT COUNT(*) FROM users a JOIN users b ON b.inviter_id = a.id WHERE a.inviter_id = 1) AS b,
                 (SELECT COUNT(*) FROM users a JOIN users b ON b.inviter_id = a.id JOIN users c ON c.inviter_id = b.id WHERE a.inviter_id = 1) AS c`.execute(k),
    );
    const page = await measure(runs, () => teamList(k, 1, 'C', { pageNum, pageSize }));
    const pageBare = await measure(runs, () =>
      sql`SELECT c.id, c.phone, c.name, c.created_at
          FROM users a JOIN users b ON b.inviter_id = a.id JOIN users c ON c.inviter_id = b.id
          WHERE a.inviter_id = 1 ORDER BY c.id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`.execute(k),
    );

    const g0 = performance.now();
    const granted = await grantTeamRewards(db, now);
    const grantMs = performance.now() - g0;
    const p0 = performance.now();
    const payout = await payPendingRewards(db, now);
    const payMs = performance.now() - p0;
    // Paid as granted when the budget covers them (the grant's payout), else by payPendingRewards.
    const paidReferrals = Number(
      (await sql<{ n: string }>`SELECT COUNT(*) AS n FROM rewards WHERE kind = 'referral' AND status = 'Paid'`.execute(k)).rows[0]!.n,
    );
    if (payout.pending !== 0 || paidReferrals !== granted.referral) {
      throw new Error(`granted ${granted.referral} referral rewards, ${paidReferrals} paid, ${payout.pending} still pending`);
    }
    console.log(`referral payout: ${granted.referral} rewards granted in ${seconds(grantMs)}, paid in ${seconds(payMs)}`);

    // Bare: the same reward rows and their transfers, each in one INSERT..SELECT into copies of the tables.
    await sql`CREATE TABLE bench_bare_rewards (LIKE rewards INCLUDING ALL)`.execute(k);
    await sql`CREATE TABLE bench_bare_transfers (LIKE ledger_transfers INCLUDING ALL)`.execute(k);
    const b0 = performance.now();
    await sql`
      INSERT INTO bench_bare_rewards (user_id, kind, source_key, amount, status, from_user_id, level, transfer_id, created_at, paid_at)
      SELECT r.receiver, 'referral', 'referral:' || o.id || ':' || r.level, o.amount * r.rate / 10000, 'Paid', o.user_id, r.level, NULL, ${iso}, ${iso}
      FROM orders o
      JOIN users m ON m.id = o.user_id
      LEFT JOIN users u1 ON u1.id = m.inviter_id
      LEFT JOIN users u2 ON u2.id = u1.inviter_id
      CROSS JOIN LATERAL (VALUES (m.inviter_id, 'A', 500), (u1.inviter_id, 'B', 200), (u2.inviter_id, 'C', 100)) AS r(receiver, level, rate)
      WHERE o.request_id LIKE 'bench-%' AND r.receiver IS NOT NULL`.execute(k);
    await sql`
      INSERT INTO bench_bare_transfers (idempotency_key, operation_key, debit_account_id, credit_account_id, amount, type, description, reason, fingerprint, created_at)
      SELECT 'reward:' || w.id, 'reward:' || w.id, 1, 2, w.amount, 'Referral Bonus', 'reward_referral', NULL, 'bench', ${iso}
      FROM bench_bare_rewards w`.execute(k);
    const bareMs = performance.now() - b0;

    const problems = [...(await checkLedger(k)), ...(await rewardProblems(k))];
    console.log(problems.length === 0 ? 'ledger ok' : `ledger broken: ${problems.join('; ')}`);
    console.log(`\nMachine: ${machineLine()}`);
    console.log(`\n${members} members, team of ${team} (A ${levelA}, B ${levelB}, C ${levelC}), ${runs} runs each:`);
    console.log(`team info:          p50 ${ms(info.p50)}, p95 ${ms(info.p95)}; bare counts: p50 ${ms(infoBare.p50)}, p95 ${ms(infoBare.p95)}`);
    console.log(`list C page ${pageNum}:  p50 ${ms(page.p50)}, p95 ${ms(page.p95)}; bare page:   p50 ${ms(pageBare.p50)}, p95 ${ms(pageBare.p95)}`);
    console.log(
      `referral payout of ${purchases} purchases (${granted.referral} rewards): ${seconds(grantMs + payMs)} (grant ${seconds(grantMs)}, pay ${seconds(payMs)}); bare insert of the same rewards and transfers: ${seconds(bareMs)}; ratio ${((grantMs + payMs) / bareMs).toFixed(1)}`,
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
