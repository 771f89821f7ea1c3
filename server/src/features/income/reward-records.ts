import { maskPhone, type LocaleTag, type RecordType } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { toMicro, type Database } from '../../db/schema';
import { translate, type MessageKey } from '../../i18n';
import { payoutKeyOf, REWARD_TRANSFER_TYPE, type RewardKind } from '../../jobs/rewards';
import { RECORD_TYPE, type RecordView } from './transfer-records';

/**
 * The rewards a payout paid into rewards payable (migration 0055, jobs/rewards.ts) as the member's records:
 * one record each, as each had its own transfer before, placed among the member's transfers where its
 * payout's transfer (rewards-run:<run>) stands in the ledger. The transfer that later collects them into
 * the member's available account is an internal leg and no record.
 */

/** Record ids of rewards lie below every other: transfers' are positive, a daily-income run's is minus the run's id. */
const REWARD_RECORD_ID_BASE = -(2 ** 40);
export const rewardRecordId = (rewardId: number) => REWARD_RECORD_ID_BASE - rewardId;

/** The member's rewards paid by a payout, each with its payout's transfer (alias pt). */
export function payoutRewards(k: Kysely<Database>, userId: number) {
  return k
    .selectFrom('rewards as w')
    .innerJoin('ledger_transfers as pt', (join) => join.on('pt.idempotency_key', '=', payoutKeyOf('w.paid_run_id')))
    .where('w.user_id', '=', userId)
    .where('w.paid_run_id', 'is not', null);
}

/** The reward kinds whose records have this type. */
export function rewardKindsOf(type: RecordType): RewardKind[] {
  return (Object.keys(REWARD_TRANSFER_TYPE) as RewardKind[]).filter((kind) => RECORD_TYPE[REWARD_TRANSFER_TYPE[kind]] === type);
}

/** These rewards of the member's (by reward id) as their records, translated. */
export async function rewardRecords(k: Kysely<Database>, userId: number, rewardIds: number[], locale: LocaleTag): Promise<Map<number, RecordView>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await payoutRewards(k, userId)
    .leftJoin('users as f', 'f.id', 'w.from_user_id')
    .select(['w.id', 'w.kind', 'w.level', 'w.amount', 'f.phone', 'pt.created_at'])
    .where('w.id', 'in', rewardIds)
    .execute();
  return new Map(
    rows.map((w) => {
      const amount = toMicro(w.amount).toString();
      const record: RecordView = {
        id: rewardRecordId(w.id),
        type: RECORD_TYPE[REWARD_TRANSFER_TYPE[w.kind as RewardKind]] ?? 'Bonus',
        amount,
        fee: '0',
        net: amount,
        description: translate(locale, `recordReward_${w.kind}` as MessageKey, { level: w.level ?? '', member: w.phone ? maskPhone(w.phone) : '' }),
        time: w.created_at,
        status: 'Succeeded',
        code: `W${w.id}`,
        txHash: null,
      };
      return [w.id, record];
    }),
  );
}
