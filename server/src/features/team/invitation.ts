import type { InvitedFloors, MemberReward } from '@rigshare/api-schema';
import { TEAM_LEVELS, type TeamLevel } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Paging } from '../../db/paging';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../types';
import { memberRewards } from './register-reward';
import { teamInfo, teamList } from './service';

/** The invitation centre (/share/invited/floor*): floor 1 = level A, 2 = B, 3 = C. */
export const floorLevel = (floor: number): TeamLevel => TEAM_LEVELS[floor - 1];

export async function invitedFloors(deps: AppDeps, memberId: number): Promise<InvitedFloors> {
  const info = await teamInfo(deps, memberId);
  const earned = await deps.db.kysely
    .selectFrom('rewards')
    .select(['level', (eb) => eb.fn.sum<string | number | null>('amount').as('total')])
    .where('user_id', '=', memberId)
    .where('kind', 'in', ['referral', 'team'])
    .groupBy('level')
    .execute();
  return {
    floors: TEAM_LEVELS.map((level, i) => ({
      floor: i + 1,
      level,
      count: info.counts[level],
      referralRate: info.rates.referral[level],
      teamRate: info.rates.team[level],
      reward: BigInt(earned.find((r) => r.level === level)?.total ?? 0).toString(),
    })),
  };
}

export const invitedFloor = (k: Kysely<Database>, memberId: number, floor: number, paging: Paging) =>
  teamList(k, memberId, floorLevel(floor), paging);

/** Lower-level income: the member's Referral Bonus and Team Benefits records, newest first. */
export function lowerIncome(
  k: Kysely<Database>,
  memberId: number,
  paging: Paging,
  kind?: 'referral' | 'team',
): Promise<{ total: number; list: MemberReward[] }> {
  return memberRewards(k, memberId, paging, kind ? [kind] : ['referral', 'team']);
}
