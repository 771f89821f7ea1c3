import type { Deposit } from '@rigshare/api-schema';
import { formatAmount, isValidAmount, isValidRechargeReference, parseAmount, rechargeAmountProblem, toUsdt, type Page } from '@rigshare/domain';
import type { Kysely, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError, onField } from '../../errors';
import { memberAccounts, platformAccountId } from '../../ledger/accounts';
import { lockAccounts, postOperation } from '../../ledger/ledger';
import { OperatorError } from '../../operator-error';
import { auditQueueDecision, staffReason, type ActedBy } from '../../audit';
import type { AppDeps } from '../../types';
import { rateToConvertAt } from '../income';
import { notifyDepositCredited } from '../../notices';
import { countedPage, memberRowsPage, type Paging } from '../../db/paging';
import { recordQueueChange } from '../../events';

/**
 * Cash and bank recharges: the member pays into an operator channel and reports it (Pending); staff
 * confirm it (platform.deposits_clearing -> member.available, key deposit:<id>, once) or reject it.
 */

/** The API contract's shape (libs/api-schema). */
export type DepositView = Deposit;

type DepositRow = NonNullable<Awaited<ReturnType<typeof findDeposit>>>;

function findDeposit(db: Kysely<Database>, id: number) {
  return db.selectFrom('cash_deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

export function depositView(row: DepositRow): DepositView {
  return {
    id: row.id,
    bankId: row.pay_channel_id,
    currency: row.currency,
    amount: toMicro(row.amount).toString(),
    usdtAmount: toMicro(row.usdt_amount).toString(),
    reference: row.reference,
    status: row.status as Deposit['status'],
    createTime: row.created_at,
  };
}

export async function createCashDeposit(
  deps: AppDeps,
  userId: number,
  input: { bankId: string; amount: string; reference: string; requestId: string },
): Promise<DepositView> {
  const db = deps.db.kysely;
  const now = deps.clock();
  const channelId = /^[1-9][0-9]{0,8}$/.test(input.bankId) ? Number(input.bankId) : 0;
  const channel = channelId
    ? await db.selectFrom('pay_channels').selectAll().where('id', '=', channelId).where('active', '=', 1).executeTakeFirst()
    : undefined;
  if (!channel) throw new AppError(404, 'payChannelNotFound');
  if (!isValidAmount(input.amount)) throw new AppError(400, 'amountInvalid', {}, onField('amount'));
  const amount = parseAmount(input.amount);
  const reference = input.reference;
  if (!isValidRechargeReference(reference)) throw new AppError(400, 'rechargeReferenceInvalid', {}, onField('reference'));
  const requestHash = `${channel.id}:${amount}:${reference}`;

  const previous = await db.selectFrom('cash_deposits').selectAll().where('user_id', '=', userId).where('request_id', '=', input.requestId).executeTakeFirst();
  if (previous) {
    if (previous.request_hash !== requestHash) throw new AppError(409, 'rechargeRequestReused');
    return depositView(previous);
  }
  const minimum = toMicro(channel.min_amount);
  if (rechargeAmountProblem(input.amount, minimum) === 'rechargeMinimum') throw new AppError(400, 'rechargeMinimum', { amount: formatAmount(minimum, 0) }, onField('amount'));
  // The conversion the member's screen shows (libs/domain): the operator's rate, rounded down; never a stale one.
  const rateMicro = await rateToConvertAt(db, channel.currency, now, deps.config.rateMaxAgeMs);
  const usdtAmount = toUsdt(amount, rateMicro);
  if (usdtAmount <= 0n) throw new AppError(400, 'amountInvalid', {}, onField('amount'));

  const inserted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('cash_deposits')
      .values({
        user_id: userId,
        request_id: input.requestId,
        request_hash: requestHash,
        pay_channel_id: channel.id,
        currency: channel.currency,
        amount,
        usdt_amount: usdtAmount,
        reference,
        status: 'Pending',
        created_at: now.toISOString(),
        decided_at: null,
        reason: null,
        transfer_id: null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // Finance's recharge queue shows it at once.
    if (row) await recordQueueChange(trx, { queue: 'recharges', id: row.id, change: 'added' }, now);
    return row;
  });
  if (inserted) return depositView(inserted);
  // A concurrent retry inserted first.
  const first = await db.selectFrom('cash_deposits').selectAll().where('user_id', '=', userId).where('request_id', '=', input.requestId).executeTakeFirstOrThrow();
  if (first.request_hash !== requestHash) throw new AppError(409, 'rechargeRequestReused');
  return depositView(first);
}

export async function memberDeposits(db: Kysely<Database>, userId: number, paging: Paging): Promise<Page<DepositView>> {
  const { total, rows } = await memberRowsPage(db, 'cash_deposits', userId, paging);
  return { total, list: rows.map(depositView) };
}

// ---- staff (npm run admin -- deposit:list | deposit:confirm | deposit:reject) ----

/**
 * The pending deposits, oldest first: all of them (the command line), or with `paging` one page of them
 * and how many there are (the console, paged in SQL however many wait).
 */
export async function pendingDeposits(db: Kysely<Database>, paging?: Paging) {
  const pending = db.selectFrom('cash_deposits as d').where('d.status', '=', 'Pending');
  const list = pending
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .innerJoin('pay_channels as c', 'c.id', 'd.pay_channel_id')
    .select(['d.id', 'u.phone', 'c.name as channel', 'd.currency', 'd.amount', 'd.usdt_amount', 'd.reference', 'd.created_at'])
    .orderBy('d.id');
  return countedPage(pending, list, paging);
}

/** Moves a deposit out of Pending with `changes`; false when another decision got there first. */
async function decidePending(trx: Kysely<Database>, id: number, changes: Updateable<Database['cash_deposits']>): Promise<boolean> {
  const updated = await trx.updateTable('cash_deposits').set(changes).where('id', '=', id).where('status', '=', 'Pending').executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Credits a pending deposit once: deposits_clearing -> member.available under deposit:<id>, status Arrived.
 * Confirming an Arrived deposit again changes nothing (`alreadyConfirmed`).
 */
export async function confirmDeposit(db: Db, input: { id: number; at: Date } & ActedBy): Promise<{ deposit: DepositView; alreadyConfirmed: boolean }> {
  const alreadyConfirmed = await db.kysely.transaction().execute(async (trx) => {
    const first = await findDeposit(trx, input.id);
    if (!first) throw new OperatorError(`No deposit ${input.id}`);
    const accounts = await memberAccounts(trx, first.user_id, input.at);
    const clearing = await platformAccountId(trx, 'platform.deposits_clearing');
    await lockAccounts(trx, db.dialect, [clearing, accounts['member.available']]);
    const row = (await findDeposit(trx, input.id))!;
    if (row.status === 'Arrived') return true;
    if (row.status !== 'Pending') throw new OperatorError(`Deposit ${input.id} is ${row.status}, it cannot be confirmed`);
    const key = `deposit:${row.id}`;
    const { transfers } = await postOperation(trx, db.dialect, {
      operationKey: key,
      at: input.at,
      legs: [{ key, debit: clearing, credit: accounts['member.available'], amount: toMicro(row.usdt_amount), type: 'Recharge', description: 'recharge' }],
    });
    const decided = await decidePending(trx, row.id, { status: 'Arrived', decided_at: input.at.toISOString(), transfer_id: transfers[0].id });
    // A reject committed in between: roll the credit back.
    if (!decided) throw new OperatorError(`Deposit ${input.id} was decided meanwhile, nothing credited`);
    await auditQueueDecision(trx, input, { queue: 'recharges', id: row.id, action: 'recharge.confirm', memberId: row.user_id, before: 'Pending', after: 'Arrived', details: `transfer:${transfers[0].id}`, at: input.at });
    await notifyDepositCredited(trx, { userId: row.user_id, amount: toMicro(row.usdt_amount), at: input.at });
    return false;
  });
  return { deposit: depositView((await findDeposit(db.kysely, input.id))!), alreadyConfirmed };
}

/** Marks a pending deposit Failed with the staff member's reason; moves nothing. */
export async function rejectDeposit(db: Db, input: { id: number; reason: string | undefined; at: Date } & ActedBy): Promise<DepositView> {
  const reason = staffReason(input.reason);
  const row = await findDeposit(db.kysely, input.id);
  if (!row) throw new OperatorError(`No deposit ${input.id}`);
  await db.kysely.transaction().execute(async (trx) => {
    if (!(await decidePending(trx, input.id, { status: 'Failed', decided_at: input.at.toISOString(), reason }))) {
      const now = (await findDeposit(trx, input.id))!;
      throw new OperatorError(`Deposit ${input.id} is already ${now.status}`);
    }
    await auditQueueDecision(trx, input, { queue: 'recharges', id: input.id, action: 'recharge.reject', memberId: row.user_id, before: 'Pending', after: 'Failed', reason, at: input.at });
  });
  return depositView((await findDeposit(db.kysely, input.id))!);
}
