import { TEAM_LEVELS, type TeamLevel } from '@rigshare/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { platformAccountId } from '../ledger/accounts';
import { InsufficientFundsError, lockAccounts } from '../ledger/ledger';
import { rewardSettings, type RewardSettingName } from '../settings/reward-settings';
import { payPendingRewards, postPayout, startPayout, tellPaidMembers } from './rewards';
import { recordNewPendingRewards } from '../events';

/**
 * Referral Bonus and Team Benefits (issue 10), granted by a job step from what members did:
 * - Referral Bonus: for each new order, the member's inviter (level A), the inviter's inviter (B) and the
 *   one above (C) each get the configured share of the price paid (source key referral:<order>:<level>);
 * - Team Benefits: for each run's daily income to a member, the same three levels get the configured
 *   share of that income: from the days the run paid the member into income payable (source key
 *   team-run:<run>:<member>:<level>), or, for runs before migration 0041, from the run's transfer to the
 *   member (source key team:<transfer>:<level>).
 * One set-based INSERT..SELECT with ON CONFLICT (source_key) DO NOTHING, so retries, crashes and concurrent
 * runs grant each once; a rate of 0 grants nothing. Paid from the rewards budget as they are granted when
 * it covers them and nothing waits (`grantEarned`), else queued for payPendingRewards.
 * The cursors (highest order / transfer id seen) only keep each run small; they never decide correctness.
 */

/** Joins from the earning member (m) up to the level's receiver (r): A = inviter, B = inviter's inviter, C = one more. */
function uplineJoin(level: TeamLevel): RawBuilder<unknown> {
  if (level === 'A') return sql`JOIN users r ON r.id = m.inviter_id`;
  if (level === 'B') return sql`JOIN users u1 ON u1.id = m.inviter_id JOIN users r ON r.id = u1.inviter_id`;
  return sql`JOIN users u1 ON u1.id = m.inviter_id JOIN users u2 ON u2.id = u1.inviter_id JOIN users r ON r.id = u2.inviter_id`;
}

async function cursor(trx: Kysely<Database>, name: string): Promise<number> {
  const row = await trx.selectFrom('team_cursors').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}

async function advance(trx: Kysely<Database>, name: string, value: number): Promise<void> {
  await trx.updateTable('team_cursors').set({ value }).where('name', '=', name).where('value', '<', value).execute();
}

/** How far below the newest id a run looks again: rows whose ids were taken earlier but committed later are not missed. */
const LOOKBACK = 1000;

export interface TeamRewardResult {
  referral: number;
  team: number;
}

/** Grants the Referral Bonus and Team Benefits of new orders and income (see above); returns how many rewards it created. */
export async function grantTeamRewards(db: Db, at: Date): Promise<TeamRewardResult> {
  const settings = await rewardSettings(db.kysely);
  return db.kysely.transaction().execute(async (trx) => {
    // One grant at a time across servers (SQLite's BEGIN IMMEDIATE already is): without it a second job
    // counted the first one's rewards as its own and told their members "pending" after they were paid.
    if (db.dialect === 'postgres') await sql`SELECT value FROM team_cursors WHERE name = 'orders' FOR UPDATE`.execute(trx);
    const lastRewardBefore = Number((await trx.selectFrom('rewards').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
    const earned: RawBuilder<unknown>[] = [];

    const fromOrder = Math.max(0, (await cursor(trx, 'orders')) - LOOKBACK);
    const newestOrder = Number((await trx.selectFrom('orders').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
    for (const level of TEAM_LEVELS) {
      const rate = settings[`referral_${level.toLowerCase()}` as RewardSettingName];
      if (rate <= 0n) continue;
      earned.push(sql`
        SELECT r.id AS user_id, 'referral' AS kind, 'referral:' || CAST(o.id AS VARCHAR(20)) || ${`:${level}`} AS source_key,
               (CAST(o.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 AS amount, m.id AS from_user_id, ${level} AS level
        FROM orders o JOIN users m ON m.id = o.user_id ${uplineJoin(level)}
        WHERE o.id > ${fromOrder} AND o.id <= ${newestOrder}
          AND (CAST(o.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 > 0`);
    }

    const fromIncome = Math.max(0, (await cursor(trx, 'income')) - LOOKBACK);
    const newestIncome = Number(
      (await trx.selectFrom('ledger_transfers').select((eb) => eb.fn.max('id').as('id')).where('type', '=', 'Daily Income').executeTakeFirst())?.id ?? 0,
    );
    for (const level of TEAM_LEVELS) {
      const rate = settings[`team_${level.toLowerCase()}` as RewardSettingName];
      if (rate <= 0n) continue;
      earned.push(sql`
        SELECT r.id AS user_id, 'team' AS kind, 'team:' || CAST(t.id AS VARCHAR(20)) || ${`:${level}`} AS source_key,
               (CAST(t.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 AS amount, m.id AS from_user_id, ${level} AS level
        FROM ledger_transfers t
        JOIN ledger_accounts a ON a.id = t.credit_account_id AND a.kind = 'member.pending_income'
        JOIN users m ON m.id = a.owner_user_id ${uplineJoin(level)}
        WHERE t.type = 'Daily Income' AND t.id > ${fromIncome} AND t.id <= ${newestIncome}
          AND (CAST(t.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 > 0`);
    }

    const fromRun = Math.max(0, (await cursor(trx, 'income_runs')) - LOOKBACK);
    const newestRun = Number(
      (await trx.selectFrom('job_runs').select((eb) => eb.fn.max('id').as('id')).where('job', '=', 'accrual').executeTakeFirst())?.id ?? 0,
    );
    // A run's income per member, as its one transfer to each member was before migration 0041.
    const runIncome = sql`
      SELECT paid_run_id AS run, user_id, SUM(amount) AS amount FROM income_accruals
      WHERE payable = 1 AND paid_run_id > ${fromRun} AND paid_run_id <= ${newestRun}
      GROUP BY paid_run_id, user_id`;
    for (const level of TEAM_LEVELS) {
      const rate = settings[`team_${level.toLowerCase()}` as RewardSettingName];
      if (rate <= 0n) continue;
      earned.push(sql`
        SELECT r.id AS user_id, 'team' AS kind,
               'team-run:' || CAST(d.run AS VARCHAR(20)) || ':' || CAST(d.user_id AS VARCHAR(20)) || ${`:${level}`} AS source_key,
               (CAST(d.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 AS amount, m.id AS from_user_id, ${level} AS level
        FROM (${runIncome}) AS d
        JOIN users m ON m.id = d.user_id ${uplineJoin(level)}
        WHERE (CAST(d.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 > 0`);
    }

    if (earned.length > 0) await grantEarned(trx, db.dialect, sql.join(earned, sql` UNION ALL `), lastRewardBefore, at);
    await advance(trx, 'orders', newestOrder);
    await advance(trx, 'income', newestIncome);
    await advance(trx, 'income_runs', newestRun);

    const counts = await trx
      .selectFrom('rewards')
      .select(['kind', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('id', '>', lastRewardBefore)
      .where('kind', 'in', ['referral', 'team'])
      .groupBy('kind')
      .execute();
    const counted = (kind: string) => Number(counts.find((row) => row.kind === kind)?.n ?? 0);
    return { referral: counted('referral'), team: counted('team') };
  });
}

/**
 * Inserts the rewards `earned` selects (user_id, kind, source_key, amount, from_user_id, level), each
 * source key once (ON CONFLICT DO NOTHING: retries, crashes and the look-back grant nothing twice).
 * When no reward waits for the budget and it covers them all, they are paid as they are inserted: the
 * INSERT marks them Paid by a new payout, whose one transfer into rewards payable takes their sum from
 * the budget (on PostgreSQL in the same statement), and their members are told. Otherwise they queue as
 * Pending behind the rewards that wait, in the order earned (payPendingRewards pays them).
 */
async function grantEarned(trx: Kysely<Database>, dialect: DialectName, earned: RawBuilder<unknown>, lastRewardBefore: number, at: Date): Promise<void> {
  const iso = at.toISOString();
  const insert = (paidRunId: number | null) => sql`
    INSERT INTO rewards (user_id, kind, source_key, amount, status, from_user_id, level, transfer_id, created_at, paid_at, paid_run_id)
    SELECT g.user_id, g.kind, g.source_key, g.amount, ${paidRunId === null ? 'Pending' : 'Paid'}, g.from_user_id, g.level, NULL, ${iso},
           CAST(${paidRunId === null ? null : iso} AS VARCHAR(32)), CAST(${paidRunId} AS INTEGER)
    FROM (${earned}) AS g WHERE true
    ON CONFLICT (source_key) DO NOTHING`;

  const waiting = await trx.selectFrom('rewards').select('id').where('status', '=', 'Pending').limit(1).executeTakeFirst();
  if (!waiting) {
    const budget = await platformAccountId(trx, 'platform.rewards_budget');
    await lockAccounts(trx, dialect, [budget]);
    await sql`SAVEPOINT team_rewards_paid`.execute(trx);
    try {
      const runId = await startPayout(trx, at);
      if (dialect === 'postgres') {
        await postPayout(trx, { runId, budget, at, paid: sql`SELECT amount FROM new_rewards`, prelude: [{ name: 'new_rewards', query: sql`${insert(runId)} RETURNING amount` }] });
      } else {
        await insert(runId).execute(trx);
        await postPayout(trx, { runId, budget, at, paid: sql`SELECT amount FROM rewards WHERE id > ${lastRewardBefore} AND paid_run_id = ${runId}` });
      }
      await sql`RELEASE SAVEPOINT team_rewards_paid`.execute(trx);
      await tellPaidMembers(trx, runId, lastRewardBefore + 1, at);
      return;
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      await sql`ROLLBACK TO SAVEPOINT team_rewards_paid`.execute(trx);
    }
  }
  await insert(null).execute(trx);
  // The members see their new rewards pending at once; the payout that pays them says so.
  await recordNewPendingRewards(trx, lastRewardBefore, at);
}

/** The job step: grant what new orders and income earned, then pay what the budget covers. */
export async function runTeamRewards(db: Db, at: Date) {
  const granted = await grantTeamRewards(db, at);
  const payout = await payPendingRewards(db, at);
  return { ...granted, ...payout };
}
