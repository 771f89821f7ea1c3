import { TEAM_LEVELS, type TeamLevel } from '@rigshare/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import { rewardSettings, type RewardSettingName } from '../settings/reward-settings';
import { payPendingRewards } from './rewards';
import { recordNewPendingRewards } from '../events';

/**
 * Referral Bonus and Team Benefits (issue 10), granted by a job step from what members did:
 * - Referral Bonus: for each new order, the member's inviter (level A), the inviter's inviter (B) and the
 *   one above (C) each get the configured share of the price paid (source key referral:<order>:<level>);
 * - Team Benefits: for each run's daily income to a member, the same three levels get the configured
 *   share of that income: from the days the run paid the member into income payable (source key
 *   team-run:<run>:<member>:<level>), or, for runs before migration 0041, from the run's transfer to the
 *   member (source key team:<transfer>:<level>).
 * Set-based INSERT..SELECT with ON CONFLICT (source_key) DO NOTHING, so retries, crashes and concurrent
 * runs grant each once; a rate of 0 grants nothing. Payment then goes through the rewards budget.
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
  const result: TeamRewardResult = { referral: 0, team: 0 };
  const settings = await rewardSettings(db.kysely);
  const iso = at.toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    // One grant at a time across servers (SQLite's BEGIN IMMEDIATE already is): without it a second job
    // counted the first one's rewards as its own and told their members "pending" after they were paid.
    if (db.dialect === 'postgres') await sql`SELECT value FROM team_cursors WHERE name = 'orders' FOR UPDATE`.execute(trx);
    const count = async () => Number((await trx.selectFrom('rewards').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const lastRewardBefore = Number((await trx.selectFrom('rewards').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

    const fromOrder = Math.max(0, (await cursor(trx, 'orders')) - LOOKBACK);
    const newestOrder = Number((await trx.selectFrom('orders').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
    for (const level of TEAM_LEVELS) {
      const rate = settings[`referral_${level.toLowerCase()}` as RewardSettingName];
      if (rate <= 0n) continue;
      await sql`
        INSERT INTO rewards (user_id, kind, source_key, amount, status, from_user_id, level, transfer_id, created_at, paid_at)
        SELECT r.id, 'referral', 'referral:' || CAST(o.id AS VARCHAR(20)) || ${`:${level}`},
               (CAST(o.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000, 'Pending', m.id, ${level}, NULL, ${iso}, NULL
        FROM orders o JOIN users m ON m.id = o.user_id ${uplineJoin(level)}
        WHERE o.id > ${fromOrder} AND o.id <= ${newestOrder}
          AND (CAST(o.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 > 0
        ON CONFLICT (source_key) DO NOTHING`.execute(trx);
    }
    await advance(trx, 'orders', newestOrder);
    const afterReferral = await count();
    result.referral = afterReferral - before;

    const fromIncome = Math.max(0, (await cursor(trx, 'income')) - LOOKBACK);
    const newestIncome = Number(
      (await trx.selectFrom('ledger_transfers').select((eb) => eb.fn.max('id').as('id')).where('type', '=', 'Daily Income').executeTakeFirst())?.id ?? 0,
    );
    for (const level of TEAM_LEVELS) {
      const rate = settings[`team_${level.toLowerCase()}` as RewardSettingName];
      if (rate <= 0n) continue;
      await sql`
        INSERT INTO rewards (user_id, kind, source_key, amount, status, from_user_id, level, transfer_id, created_at, paid_at)
        SELECT r.id, 'team', 'team:' || CAST(t.id AS VARCHAR(20)) || ${`:${level}`},
               (CAST(t.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000, 'Pending', m.id, ${level}, NULL, ${iso}, NULL
        FROM ledger_transfers t
        JOIN ledger_accounts a ON a.id = t.credit_account_id AND a.kind = 'member.pending_income'
        JOIN users m ON m.id = a.owner_user_id ${uplineJoin(level)}
        WHERE t.type = 'Daily Income' AND t.id > ${fromIncome} AND t.id <= ${newestIncome}
          AND (CAST(t.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 > 0
        ON CONFLICT (source_key) DO NOTHING`.execute(trx);
    }
    await advance(trx, 'income', newestIncome);

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
      await sql`
        INSERT INTO rewards (user_id, kind, source_key, amount, status, from_user_id, level, transfer_id, created_at, paid_at)
        SELECT r.id, 'team', 'team-run:' || CAST(d.run AS VARCHAR(20)) || ':' || CAST(d.user_id AS VARCHAR(20)) || ${`:${level}`},
               (CAST(d.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000, 'Pending', m.id, ${level}, NULL, ${iso}, NULL
        FROM (${runIncome}) AS d
        JOIN users m ON m.id = d.user_id ${uplineJoin(level)}
        WHERE (CAST(d.amount AS BIGINT) * CAST(${rate.toString()} AS BIGINT)) / 10000 > 0
        ON CONFLICT (source_key) DO NOTHING`.execute(trx);
    }
    await advance(trx, 'income_runs', newestRun);
    result.team = (await count()) - afterReferral;
    // The members see their new rewards pending at once; the payout that follows says which it paid.
    if (result.referral + result.team > 0) await recordNewPendingRewards(trx, lastRewardBefore, at);
  });
  return result;
}

/** The job step: grant what new orders and income earned, then pay what the budget covers. */
export async function runTeamRewards(db: Db, at: Date) {
  const granted = await grantTeamRewards(db, at);
  const payout = await payPendingRewards(db, at);
  return { ...granted, ...payout };
}
