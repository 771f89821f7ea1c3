import { formatAmount, parseAmount, TEAM_LEVELS, type TeamLevel } from '@rigshare/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import { toMicro, type Database } from '../db/schema';
import { OperatorError } from '../ledger/operator';
import { payPendingRewards } from './rewards';

/**
 * Referral Bonus and Team Benefits (issue 10), granted by a job step from what members did:
 * - Referral Bonus: for each new order, the member's inviter (level A), the inviter's inviter (B) and the
 *   one above (C) each get the configured share of the price paid (source key referral:<order>:<level>);
 * - Team Benefits: for each daily income transfer to a member, the same three levels get the configured
 *   share of that income (source key team:<transfer>:<level>).
 * Set-based INSERT..SELECT with ON CONFLICT (source_key) DO NOTHING, so retries, crashes and concurrent
 * runs grant each once; a rate of 0 grants nothing. Payment then goes through the rewards budget.
 * The cursors (highest order / transfer id seen) only keep each run small; they never decide correctness.
 */

/** The settings staff change (`admin rewards:set`): rates in basis points, amounts in micro-units. */
export const REWARD_SETTINGS = {
  referral_a: 'rate',
  referral_b: 'rate',
  referral_c: 'rate',
  team_a: 'rate',
  team_b: 'rate',
  team_c: 'rate',
  signin: 'amount',
  register: 'amount',
  joingroup: 'amount',
  video: 'amount',
} as const;
export type RewardSettingName = keyof typeof REWARD_SETTINGS;
export type RewardSettings = Record<RewardSettingName, bigint>;

export async function rewardSettings(k: Kysely<Database>): Promise<RewardSettings> {
  const rows = await k.selectFrom('reward_settings').select(['name', 'value']).execute();
  const result = {} as RewardSettings;
  for (const name of Object.keys(REWARD_SETTINGS) as RewardSettingName[]) result[name] = 0n;
  for (const row of rows) if (row.name in REWARD_SETTINGS) result[row.name as RewardSettingName] = toMicro(row.value);
  return result;
}

/** A setting shown to staff: "5.00 %" for a rate, "1.00 USDT" for an amount. */
export function settingText(name: RewardSettingName, value: bigint): string {
  return REWARD_SETTINGS[name] === 'rate' ? `${(Number(value) / 100).toFixed(2)} %` : `${formatAmount(value)} USDT`;
}

/** Staff change one setting (a rate in percent, "5" or "2.5"; an amount in USDT), recorded with who and why. */
export async function setRewardSetting(db: Db, input: { name: string; value: string; by: string; reason: string | undefined; at: Date }): Promise<{ old: bigint; value: bigint }> {
  if (!(input.name in REWARD_SETTINGS)) throw new OperatorError(`No setting ${input.name} (one of ${Object.keys(REWARD_SETTINGS).join(', ')})`);
  const name = input.name as RewardSettingName;
  const reason = (input.reason ?? '').trim();
  if (!reason) throw new OperatorError('A reason is required: --reason "..."');
  if (reason.length > 500) throw new OperatorError('The reason is limited to 500 characters');
  const by = input.by.trim();
  if (!by) throw new OperatorError('Who changes it is required: --by "..."');
  let value: bigint;
  try {
    // Percent with at most two decimals is basis points = micro-units / 10 000.
    value = REWARD_SETTINGS[name] === 'rate' ? parseAmount(input.value) / 10_000n : parseAmount(input.value);
  } catch {
    throw new OperatorError(`Not a ${REWARD_SETTINGS[name] === 'rate' ? 'percentage' : 'USDT amount'}: "${input.value}"`);
  }
  if (value < 0n || (REWARD_SETTINGS[name] === 'rate' && value > 10_000n)) throw new OperatorError('Out of range: rates are 0 to 100 percent, amounts 0 or more');
  return db.kysely.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('reward_settings').select('value').where('name', '=', name).executeTakeFirst();
    const old = current ? toMicro(current.value) : 0n;
    const at = input.at.toISOString();
    if (current) await trx.updateTable('reward_settings').set({ value, updated_at: at }).where('name', '=', name).execute();
    else await trx.insertInto('reward_settings').values({ name, value, updated_at: at }).execute();
    await trx.insertInto('reward_setting_changes').values({ name, old_value: old, new_value: value, changed_by: by, reason, created_at: at }).execute();
    return { old, value };
  });
}

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
    const count = async () => Number((await trx.selectFrom('rewards').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();

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
    result.team = (await count()) - afterReferral;
  });
  return result;
}

/** The job step: grant what new orders and income earned, then pay what the budget covers. */
export async function runTeamRewards(db: Db, at: Date) {
  const granted = await grantTeamRewards(db, at);
  const payout = await payPendingRewards(db, at);
  return { ...granted, ...payout };
}
