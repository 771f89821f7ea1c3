/** A withdrawal as its member and the staff see it: the stored row, read, and its API shape. */
import type { Withdrawal } from '@rigshare/api-schema';
import type { Kysely } from 'kysely';
import { toMicro, type Database } from '../../../db/schema';

/** The API contract's shape (libs/api-schema). */
export type WithdrawalView = Withdrawal;

export function findWithdrawal(db: Kysely<Database>, id: number) {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof findWithdrawal>>>;

export function withdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    channel: row.channel as Withdrawal['channel'],
    amount: toMicro(row.amount).toString(),
    fee: toMicro(row.fee).toString(),
    net: toMicro(row.net).toString(),
    destination: row.destination,
    status: row.status as Withdrawal['status'],
    createTime: row.created_at,
    decidedTime: row.decided_at,
    txHash: row.tx_hash,
    reference: row.reference,
    reason: row.reason,
  };
}
