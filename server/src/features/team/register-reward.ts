import type { MemberReward, RegisterReward } from '@rigshare/api-schema';
import type { RewardKind, RewardStatus } from '@rigshare/domain';
import { maskPhone } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { countedPage, type Paging } from '../../db/paging';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { grantReward, payPendingRewards } from '../../jobs/rewards';
import { rewardSettings } from '../../settings/reward-settings';
import type { AppDeps } from '../../types';

/** The register reward: a configured amount, claimable once per member (source key register:<member>). */
const registerKey = (userId: number) => `register:${userId}`;

export async function registerRewardStatus(k: Kysely<Database>, userId: number): Promise<RegisterReward> {
  const row = await k.selectFrom('rewards').select(['amount', 'status']).where('source_key', '=', registerKey(userId)).executeTakeFirst();
  if (row) return { amount: toMicro(row.amount).toString(), claimed: true, status: row.status as RewardStatus };
  const settings = await rewardSettings(k);
  return { amount: settings.register.toString(), claimed: false, status: null };
}

export async function claimRegisterReward(deps: AppDeps, userId: number): Promise<RegisterReward> {
  const k = deps.db.kysely;
  const now = deps.clock();
  const settings = await rewardSettings(k);
  if (settings.register <= 0n) throw new AppError(409, 'registerRewardUnavailable');
  const granted = await k.transaction().execute((trx) =>
    grantReward(trx, { userId, kind: 'register', sourceKey: registerKey(userId), amount: settings.register, at: now }),
  );
  if (!granted?.created) throw new AppError(409, 'registerRewardClaimed');
  await payPendingRewards(deps.db, now);
  return registerRewardStatus(k, userId);
}

/** The member's rewards, newest first, with their state and (referral, team) the member they came from. */
export async function memberRewards(
  k: Kysely<Database>,
  userId: number,
  paging: Paging,
  kinds?: RewardKind[],
): Promise<{ total: number; list: MemberReward[] }> {
  let counted = k.selectFrom('rewards').where('user_id', '=', userId);
  if (kinds) counted = counted.where('kind', 'in', kinds);
  let query = k
    .selectFrom('rewards as w')
    .leftJoin('users as f', 'f.id', 'w.from_user_id')
    .select(['w.id', 'w.kind', 'w.amount', 'w.status', 'w.level', 'w.created_at', 'w.paid_at', 'f.phone'])
    .where('w.user_id', '=', userId);
  if (kinds) query = query.where('w.kind', 'in', kinds);
  const { total, rows } = await countedPage(counted, query.orderBy('w.id', 'desc'), paging);
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind as RewardKind,
      amount: toMicro(r.amount).toString(),
      status: r.status as RewardStatus,
      level: (r.level as 'A' | 'B' | 'C' | null) ?? null,
      from: r.phone ? maskPhone(r.phone) : null,
      earnedAt: r.created_at,
      paidAt: r.paid_at,
    })),
  };
}
