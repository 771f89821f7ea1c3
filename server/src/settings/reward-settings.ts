import { formatAmount, parseAmount, REWARD_SETTING_NAMES as NAMES, REWARD_SETTINGS, type RewardSettingName } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { auditStaffAction, staffName, staffReason, type ActedBy } from '../audit';
import { toMicro, type Database } from '../db/schema';
import { OperatorError } from '../operator-error';

/**
 * The reward settings (REWARD_SETTINGS in @rigshare/domain): read by the team feature and the team reward
 * job, changed by staff with who and why. A layer under the features, like the site links.
 */
export { REWARD_SETTINGS, type RewardSettingName } from '@rigshare/domain';
export type RewardSettings = Record<RewardSettingName, bigint>;

export async function rewardSettings(k: Kysely<Database>): Promise<RewardSettings> {
  const rows = await k.selectFrom('reward_settings').select(['name', 'value']).execute();
  const result = {} as RewardSettings;
  for (const name of NAMES) result[name] = 0n;
  for (const row of rows) if (row.name in REWARD_SETTINGS) result[row.name as RewardSettingName] = toMicro(row.value);
  return result;
}

/** A setting as staff type it: a rate in percent with two decimals ("5.00"), an amount in USDT ("1.00"). */
export function settingValue(name: RewardSettingName, value: bigint): string {
  return formatAmount(REWARD_SETTINGS[name] === 'rate' ? value * 10_000n : value);
}

/** A setting shown to staff with its unit: "5.00 %" for a rate, "1.00 USDT" for an amount. */
export function settingText(name: RewardSettingName, value: bigint): string {
  return `${settingValue(name, value)}${REWARD_SETTINGS[name] === 'rate' ? ' %' : ' USDT'}`;
}

function amountOrNull(text: string): bigint | null {
  try {
    return parseAmount(text);
  } catch {
    return null;
  }
}

export interface StaffRewardSetting {
  name: RewardSettingName;
  kind: 'rate' | 'amount';
  /** As staff type it (see settingValue). */
  value: string;
  /** Who made the last change and when; null while the seeded value stands. */
  updatedBy: string | null;
  updatedAt: string | null;
}

/** Every setting with its last change, in the order of REWARD_SETTINGS. */
export async function staffRewardSettings(k: Kysely<Database>): Promise<StaffRewardSetting[]> {
  const settings = await rewardSettings(k);
  const lastChanges = await k
    .selectFrom('reward_setting_changes as c')
    .select(['c.name', 'c.changed_by', 'c.created_at'])
    .where('c.id', 'in', (eb) => eb.selectFrom('reward_setting_changes').select((m) => m.fn.max('id').as('id')).groupBy('name'))
    .execute();
  return NAMES.map((name) => {
    const last = lastChanges.find((change) => change.name === name);
    return { name, kind: REWARD_SETTINGS[name], value: settingValue(name, settings[name]), updatedBy: last?.changed_by ?? null, updatedAt: last?.created_at ?? null };
  });
}

/**
 * Staff change one setting (a rate in percent, "5" or "2.5"; an amount in USDT), recorded with who and
 * why in the settings' history and as one audit row.
 */
export async function setRewardSetting(
  k: Kysely<Database>,
  input: { name: string; value: string; reason: string | undefined; at: Date } & ActedBy,
): Promise<{ old: bigint; value: bigint; setting: StaffRewardSetting }> {
  if (!(input.name in REWARD_SETTINGS)) throw new OperatorError(`No setting ${input.name} (one of ${NAMES.join(', ')})`);
  const name = input.name as RewardSettingName;
  const reason = staffReason(input.reason);
  const by = staffName(input.by);
  const isRate = REWARD_SETTINGS[name] === 'rate';
  // Percent with at most two decimals is basis points = micro-units / 10 000.
  const micro = amountOrNull(input.value);
  if (micro === null || (isRate && micro % 10_000n !== 0n))
    throw new OperatorError(isRate ? `Not a percentage with at most two decimals: "${input.value}"` : `Not a USDT amount: "${input.value}"`);
  const value = isRate ? micro / 10_000n : micro;
  if (value < 0n || (isRate && value > 10_000n)) throw new OperatorError('Out of range: rates are 0 to 100 percent, amounts 0 or more');
  const at = input.at.toISOString();
  return k.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('reward_settings').select('value').where('name', '=', name).executeTakeFirst();
    const old = current ? toMicro(current.value) : 0n;
    if (current) await trx.updateTable('reward_settings').set({ value, updated_at: at }).where('name', '=', name).execute();
    else await trx.insertInto('reward_settings').values({ name, value, updated_at: at }).execute();
    await trx.insertInto('reward_setting_changes').values({ name, old_value: old, new_value: value, changed_by: by, reason, created_at: at }).execute();
    await auditStaffAction(trx, { ...input, by }, {
      action: 'reward.set',
      target: `reward:${name}`,
      before: settingText(name, old),
      after: settingText(name, value),
      reason,
      at: input.at,
    });
    return { old, value, setting: { name, kind: REWARD_SETTINGS[name], value: settingValue(name, value), updatedBy: by, updatedAt: at } };
  });
}
