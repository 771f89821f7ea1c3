import type { LocaleTag } from '@rigshare/domain';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { memberAccounts, platformAccountId } from '../../ledger/accounts';
import { lockAccounts, postOperation, type Leg } from '../../ledger/ledger';
import { SETTLEMENT_DELAY_MS } from '../../jobs/settlement';
import { recordOfTransfer, type RecordView } from './transfer-records';

/**
 * Moves all pending income toward the wallet: pending -> held now (record Processing), and the settlement
 * job moves held -> available SETTLEMENT_DELAY_MS later (record Arrived). Idempotent by requestId.
 *
 * Pending income is the member's owed days in income payable and their own pending-income account (the
 * free first day, days paid before migration 0041). The takeout marks the owed days as its own in one
 * statement, collects their sum from income payable into the member's account (an internal leg) and
 * moves the whole to held. The accrual job adds owed days without the member's lock, but a day it adds
 * meanwhile is not marked by the statement and stays owed for the next takeout.
 */
export async function takeout(db: Db, userId: number, requestId: string, now: Date, locale: LocaleTag): Promise<RecordView> {
  const transferId = await db.kysely.transaction().execute(async (trx) => {
    const accounts = await memberAccounts(trx, userId, now);
    const pendingAccount = accounts['member.pending_income'];
    const heldAccount = accounts['member.held'];
    const key = `takeout:${userId}:${requestId}`;
    // Lock first, then read what will move (a concurrent retry waits and then replays).
    await lockAccounts(trx, db.dialect, [pendingAccount, heldAccount]);
    const again = await trx.selectFrom('takeouts').select('transfer_id').where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
    if (again) return again.transfer_id;
    const days = await trx
      .updateTable('income_accruals')
      .set({ takeout_request_id: requestId })
      .where('user_id', '=', userId)
      .where('payable', '=', 1)
      .where('takeout_request_id', 'is', null)
      .returning('amount')
      .execute();
    const fromDays = days.reduce((sum, day) => sum + BigInt(day.amount), 0n);
    const own = BigInt((await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', pendingAccount).executeTakeFirstOrThrow()).balance);
    const pending = own + fromDays;
    if (pending <= 0n) throw new AppError(400, 'noProfitToday');
    const collect: Leg[] =
      fromDays > 0n
        ? [
            {
              key: `${key}:collect`,
              debit: await platformAccountId(trx, 'platform.income_payable'),
              credit: pendingAccount,
              amount: fromDays,
              type: 'Income Collected',
              description: 'income_collected',
            },
          ]
        : [];
    const { transfers } = await postOperation(trx, db.dialect, {
      operationKey: key,
      at: now,
      legs: [...collect, { key, debit: pendingAccount, credit: heldAccount, amount: pending, type: 'Income Takeout', description: 'takeout' }],
      // No takeout has this request id (read under the member's lock), so no transfer has its keys; income
      // payable, which every takeout touches, is then locked by the posting statement alone.
      keysAreNew: true,
      held: [pendingAccount, heldAccount],
    });
    await trx
      .insertInto('takeouts')
      .values({
        user_id: userId,
        request_id: requestId,
        amount: pending,
        status: 'Processing',
        transfer_id: transfers[transfers.length - 1].id,
        settle_transfer_id: null,
        created_at: now.toISOString(),
        settle_due_at: new Date(now.getTime() + SETTLEMENT_DELAY_MS).toISOString(),
        settled_at: null,
      })
      .execute();
    return transfers[transfers.length - 1].id;
  });
  return recordOfTransfer(db.kysely, userId, transferId, locale);
}
