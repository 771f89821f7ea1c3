import { isTimeZone, localDay, signStreak } from '@rigshare/domain';
import type { SignInResult, SignRecord, SignStatus } from '@rigshare/api-schema';
import type { Kysely } from 'kysely';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { grantReward, payPendingRewards } from '../../jobs/rewards';
import { rewardSettings } from '../../settings/reward-settings';
import type { AppDeps } from '../../types';

/**
 * Daily sign-in: once per member per calendar day in the member's time zone. The zone is fixed at the
 * member's first sign-in (from the browser), so changing the device's zone cannot give a second day.
 * The unique (user_id, day) row decides "once" under any number of concurrent requests; the bonus is a
 * reward (source key signin:<member>:<day>) paid from the rewards budget, or waiting for it.
 */

async function memberZone(k: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await k.selectFrom('member_time_zones').select('time_zone').where('user_id', '=', userId).executeTakeFirst();
  return row?.time_zone ?? null;
}

async function signedDays(k: Kysely<Database>, userId: number, limit = 400) {
  return k.selectFrom('sign_ins as s').leftJoin('rewards as r', 'r.id', 's.reward_id').select(['s.day', 's.amount', 'r.status']).where('s.user_id', '=', userId).orderBy('s.day', 'desc').limit(limit).execute();
}

export async function signIn(deps: AppDeps, userId: number, requestedZone: string): Promise<SignInResult> {
  const zoneText = requestedZone.trim();
  const k = deps.db.kysely;
  const now = deps.clock();
  const fixed = await memberZone(k, userId);
  if (!fixed && !isTimeZone(zoneText)) throw new AppError(400, 'timeZoneInvalid');
  const settings = await rewardSettings(k);
  const outcome = await k.transaction().execute(async (trx) => {
    if (!fixed) {
      await trx
        .insertInto('member_time_zones')
        .values({ user_id: userId, time_zone: zoneText, created_at: now.toISOString() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
    const zone = (await memberZone(trx, userId))!;
    const day = localDay(now, zone);
    const inserted = await trx
      .insertInto('sign_ins')
      .values({ user_id: userId, day, amount: settings.signin, reward_id: null, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { day, zone, created: false };
    const reward = await grantReward(trx, { userId, kind: 'signin', sourceKey: `signin:${userId}:${day}`, amount: settings.signin, at: now });
    if (reward) await trx.updateTable('sign_ins').set({ reward_id: reward.id }).where('id', '=', inserted.id).execute();
    return { day, zone, created: true };
  });
  if (!outcome.created) throw new AppError(409, 'signedAlready');
  await payPendingRewards(deps.db, now);
  const days = await signedDays(k, userId);
  const today = days.find((d) => d.day === outcome.day)!;
  return {
    day: outcome.day,
    timeZone: outcome.zone,
    amount: toMicro(today.amount).toString(),
    status: today.status === 'Pending' ? 'Pending' : 'Paid',
    streak: signStreak(days.map((d) => d.day), outcome.day),
  };
}

export async function signStatus(deps: AppDeps, userId: number, requestedZone: string): Promise<SignStatus> {
  const k = deps.db.kysely;
  const zone = (await memberZone(k, userId)) ?? (isTimeZone(requestedZone.trim()) ? requestedZone.trim() : 'UTC');
  const today = localDay(deps.clock(), zone);
  const days = await signedDays(k, userId);
  const settings = await rewardSettings(k);
  return { today, timeZone: zone, signedToday: days.some((d) => d.day === today), streak: signStreak(days.map((d) => d.day), today), bonus: settings.signin.toString() };
}

export async function signRecord(deps: AppDeps, userId: number, month: string): Promise<SignRecord> {
  if (!/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(month)) throw new AppError(400, 'badRequest');
  const rows = await deps.db.kysely
    .selectFrom('sign_ins as s')
    .leftJoin('rewards as r', 'r.id', 's.reward_id')
    .select(['s.day', 's.amount', 'r.status'])
    .where('s.user_id', '=', userId)
    .where('s.day', '>=', `${month}-01`)
    .where('s.day', '<=', `${month}-31`)
    .orderBy('s.day')
    .execute();
  return { month, days: rows.map((r) => ({ day: r.day, amount: toMicro(r.amount).toString(), status: r.status === 'Pending' ? ('Pending' as const) : ('Paid' as const) })) };
}
