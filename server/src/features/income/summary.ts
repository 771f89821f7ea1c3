import type { LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { memberBalances } from '../../ledger/accounts';
import { delayReasonText } from '../orders';
import { recordOfTransfer } from './transfer-records';

/** What the income screen shows: the income to take out, the days delayed and why, the last takeout. */
export async function incomeSummary(k: Kysely<Database>, userId: number, locale: LocaleTag) {
  const balances = await memberBalances(k, userId);
  const delayed = await k
    .selectFrom('income_accruals')
    .select(['reason'])
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'Delayed')
    .groupBy('reason')
    .execute();
  const delayedDays = delayed.reduce((n, r) => n + Number(r.n), 0);
  const last = await k
    .selectFrom('takeouts')
    .select('transfer_id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    pendingIncome: balances['member.pending_income'].toString(),
    delayedDays,
    delayReason: delayedDays > 0 ? delayReasonText(locale, delayed[0].reason) : null,
    todayTakeoutAvailable: balances['member.pending_income'] > 0n,
    lastTakeout: last ? await recordOfTransfer(k, userId, last.transfer_id, locale) : null,
  };
}
