import type { Db } from '../db/connect';
import { memberAccounts } from '../ledger/accounts';
import { postOperation } from '../ledger/ledger';

export const SETTLEMENT_DELAY_MS = 30 * 60_000;

/**
 * Completes income takeouts that are due: each Processing takeout whose settle time has come moves its
 * amount from the member's held account to the available balance (key takeout-settle:<id>) and becomes
 * Arrived, in one transaction per takeout. A second runner replays the same transfer (nothing moves) and
 * its guarded status update changes no row.
 */
export async function runSettlement(db: Db, asOf: Date): Promise<{ settled: number }> {
  const due = await db.kysely
    .selectFrom('takeouts')
    .select(['id', 'user_id', 'amount'])
    .where('status', '=', 'Processing')
    .where('settle_due_at', '<=', asOf.toISOString())
    .orderBy('id')
    .limit(1000)
    .execute();
  let settled = 0;
  for (const takeout of due) {
    settled += await db.kysely.transaction().execute(async (trx) => {
      const accounts = await memberAccounts(trx, takeout.user_id, asOf);
      const { transfers } = await postOperation(trx, db.dialect, {
        operationKey: `takeout-settle:${takeout.id}`,
        at: asOf,
        legs: [
          {
            key: `takeout-settle:${takeout.id}`,
            debit: accounts['member.held'],
            credit: accounts['member.available'],
            amount: BigInt(takeout.amount),
            type: 'Takeout Settlement',
            description: 'takeout_settlement',
          },
        ],
      });
      const updated = await trx
        .updateTable('takeouts')
        .set({ status: 'Arrived', settled_at: asOf.toISOString(), settle_transfer_id: transfers[0].id })
        .where('id', '=', takeout.id)
        .where('status', '=', 'Processing')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows ?? 0);
    });
  }
  return { settled };
}
