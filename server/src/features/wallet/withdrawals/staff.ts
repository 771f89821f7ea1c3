import { formatAmount, isValidTxHash } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { auditQueueDecision, auditStaffAction, staffReason, type ActedBy } from '../../../audit';
import type { Db } from '../../../db/connect';
import { countedPage, type Paging } from '../../../db/paging';
import { toMicro, type Database } from '../../../db/schema';
import { memberAccounts, platformAccountId } from '../../../ledger/accounts';
import { lockAccounts, postOperation, type Leg } from '../../../ledger/ledger';
import { notifyMember } from '../../../notices';
import { recordMemberEvent, recordQueueChange } from '../../../events';
import { OperatorError } from '../../../operator-error';
import { findWithdrawal, withdrawalView, type WithdrawalView } from './view';

/**
 * The staff's side of withdrawals (the console and npm run admin -- withdraw:list | withdraw:approve |
 * withdraw:reject): a pending withdrawal is paid (held -> platform.withdrawals_paid for the net,
 * held -> platform.fees for the fee) or refused (held -> available, a "Withdrawal Failed" record).
 */

/**
 * The pending withdrawals, oldest first: all of them (the command line), or with `paging` one page of
 * them and how many there are (the console, paged in SQL however many wait).
 */
export async function pendingWithdrawals(db: Kysely<Database>, paging?: Paging) {
  const pending = db.selectFrom('withdrawals as w').where('w.status', '=', 'Pending');
  const list = pending
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'u.phone', 'w.channel', 'w.amount', 'w.fee', 'w.net', 'w.payout_to', 'w.created_at'])
    .orderBy('w.id');
  return countedPage(pending, list, paging);
}

/** Locks the withdrawal's accounts, then reads it again: only a Pending withdrawal is decided, once. */
async function lockPending(trx: Kysely<Database>, db: Db, id: number, extra: (trx: Kysely<Database>) => Promise<number[]>, at: Date) {
  const first = await findWithdrawal(trx, id);
  if (!first) throw new OperatorError(`No withdrawal ${id}`);
  const accounts = await memberAccounts(trx, first.user_id, at);
  const others = await extra(trx);
  await lockAccounts(trx, db.dialect, [...others, accounts['member.available'], accounts['member.held']]);
  const row = (await findWithdrawal(trx, id))!;
  if (row.status !== 'Pending') throw new OperatorError(`Withdrawal ${id} is already ${row.status}`);
  return { row, accounts };
}

export interface WithdrawalApprovalView {
  staff: string;
  at: string;
}

/** A staff decision on a withdrawal: its state, the approvals so far and how many it needs. */
export type WithdrawalDecision = WithdrawalView & { approvals: WithdrawalApprovalView[]; approvalsNeeded: number };

/** Above the four-eyes threshold a withdrawal needs two different staff members' approvals; at or below it, one. */
export const approvalsNeeded = (amount: bigint, fourEyesThreshold: bigint) => (amount > fourEyesThreshold ? 2 : 1);

function approvalsOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('withdrawal_approvals').selectAll().where('withdrawal_id', 'in', ids).orderBy('id').execute();
}

async function decision(db: Kysely<Database>, id: number, fourEyesThreshold: bigint): Promise<WithdrawalDecision> {
  const row = (await findWithdrawal(db, id))!;
  const approvals = await approvalsOf(db, [id]);
  return {
    ...withdrawalView(row),
    approvals: approvals.map((a) => ({ staff: a.staff_login, at: a.created_at })),
    approvalsNeeded: approvalsNeeded(toMicro(row.amount), fourEyesThreshold),
  };
}

/** One page of the pending withdrawals with their approvals so far (the console's list), and how many wait. */
export async function pendingWithdrawalsWithApprovals(db: Kysely<Database>, fourEyesThreshold: bigint, paging: Paging) {
  const { total, rows } = await pendingWithdrawals(db, paging);
  const approvals = await approvalsOf(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => ({
    ...r,
    approvalsNeeded: approvalsNeeded(toMicro(r.amount), fourEyesThreshold),
    approvals: approvals.filter((a) => a.withdrawal_id === r.id).map((a) => ({ staff: a.staff_login, at: a.created_at })),
  }));
  return { total, list };
}

/**
 * One staff approval of a pending withdrawal, with the chain tx hash or bank reference. At or below the
 * four-eyes threshold it pays at once; above it the first approval is recorded (with its hash or
 * reference, which the second approval confirms, never re-types differently) and the second approval,
 * by a different staff member, pays it. Paying moves held -> withdrawals_paid (net) and held -> fees
 * (fee), Succeeded. The withdrawal's ledger accounts are locked first, so concurrent approvals run one
 * after the other: of two, exactly one pays, and the same staff member twice is refused.
 */
export async function approveWithdrawal(
  db: Db,
  input: { id: number; txHash?: string; reference?: string; at: Date; fourEyesThreshold: bigint } & ActedBy,
): Promise<WithdrawalDecision> {
  let txHash = input.txHash?.trim() || null;
  let reference = input.reference?.trim() || null;
  const by = input.by.trim();
  if (!by) throw new OperatorError('Say which staff member approves (--by <staff login>)');
  if (txHash !== null && reference !== null) throw new OperatorError('Give exactly one of --tx <hash> or --ref <reference>');
  if (txHash !== null && !isValidTxHash(txHash)) throw new OperatorError('A transaction hash is 0x and 64 hexadecimal characters');
  if (reference !== null && reference.length > 100) throw new OperatorError('The reference is limited to 100 characters');
  // The reply is this approval's outcome, read in its own transaction: read after commit, a second approval
  // committed meanwhile made the first approver read "Succeeded" too.
  return db.kysely.transaction().execute(async (trx) => {
    let paid = 0;
    let fees = 0;
    const { row, accounts } = await lockPending(
      trx,
      db,
      input.id,
      async (t) => {
        paid = await platformAccountId(t, 'platform.withdrawals_paid');
        fees = await platformAccountId(t, 'platform.fees');
        return [paid, fees];
      },
      input.at,
    );
    const needed = approvalsNeeded(toMicro(row.amount), input.fourEyesThreshold);
    const earlier = await approvalsOf(trx, [row.id]);
    if (earlier.some((a) => a.staff_login === by)) {
      throw new OperatorError(`Withdrawal ${row.id} was already approved by ${by}; a different staff member must give the second approval`);
    }
    const first = earlier[0];
    if (first) {
      // The second pair of eyes confirms the payment the first approval recorded.
      if ((txHash !== null && txHash !== first.tx_hash) || (reference !== null && reference !== first.reference)) {
        throw new OperatorError(`Withdrawal ${row.id} was first approved with ${first.tx_hash ?? first.reference}; the second approval confirms that, not another payment`);
      }
      txHash = first.tx_hash;
      reference = first.reference;
    } else if ((txHash === null) === (reference === null)) {
      throw new OperatorError('Give exactly one of --tx <hash> or --ref <reference>');
    } else if (row.channel === 'USDT' && txHash === null) {
      // The proof follows how the money went: a USDT withdrawal is a transfer on chain, a bank one is not.
      throw new OperatorError(`Withdrawal ${row.id} is paid in USDT on chain: give its transaction hash (--tx), not a reference`);
    } else if (row.channel !== 'USDT' && reference === null) {
      throw new OperatorError(`Withdrawal ${row.id} is paid to a bank account: give the transfer's reference (--ref), not a transaction hash`);
    }
    await trx
      .insertInto('withdrawal_approvals')
      .values({ withdrawal_id: row.id, staff_login: by, tx_hash: txHash, reference, created_at: input.at.toISOString() })
      .execute();
    const pays = earlier.length + 1 >= needed;
    await auditStaffAction(trx, { ...input, by }, {
      action: pays ? 'withdrawal.approve' : 'withdrawal.approve_first',
      target: `withdrawal:${row.id}`,
      memberId: row.user_id,
      before: 'Pending',
      after: pays ? 'Succeeded' : 'Pending',
      details: `${txHash ? `tx ${txHash}` : `ref ${reference}`}; approval ${earlier.length + 1} of ${needed}`,
      at: input.at,
    });
    if (!pays) {
      // It leaves the first approval's queue for the second's (four eyes).
      await recordQueueChange(trx, { queue: 'withdrawals', id: row.id, change: 'decided' }, input.at);
      await recordQueueChange(trx, { queue: 'approvals', id: row.id, change: 'added' }, input.at);
      return decision(trx, row.id, input.fourEyesThreshold);
    }
    const fee = toMicro(row.fee);
    const net = toMicro(row.net);
    const op = `withdraw-approve:${row.id}`;
    const legs: Leg[] = [{ key: `${op}:net`, debit: accounts['member.held'], credit: paid, amount: net, type: 'Withdrawal Paid', description: 'withdrawal_paid' }];
    if (fee > 0n) legs.push({ key: `${op}:fee`, debit: accounts['member.held'], credit: fees, amount: fee, type: 'Withdrawal Fee', description: 'withdrawal_fee' });
    await postOperation(trx, db.dialect, { operationKey: op, at: input.at, legs });
    const updated = await trx
      .updateTable('withdrawals')
      .set({ status: 'Succeeded', decided_at: input.at.toISOString(), tx_hash: txHash, reference })
      .where('id', '=', row.id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new OperatorError(`Withdrawal ${row.id} was decided meanwhile, nothing moved`);
    await recordMemberEvent(trx, row.user_id, 'withdrawal', { id: row.id, status: 'Succeeded' }, input.at);
    await recordQueueChange(trx, { queue: earlier.length > 0 ? 'approvals' : 'withdrawals', id: row.id, change: 'decided' }, input.at);
    await notifyMember(trx, {
      userId: row.user_id,
      kind: 'wallet',
      titleKey: 'pushWithdrawalApprovedTitle',
      bodyKey: 'pushWithdrawalApprovedBody',
      params: { amount: formatAmount(toMicro(row.amount)), net: formatAmount(toMicro(row.net)) },
      at: input.at,
    });
    return decision(trx, row.id, input.fourEyesThreshold);
  });
}

/** Refuses a pending withdrawal: held -> available (the full amount, a "Withdrawal Failed" record); Failed with the reason. */
export async function rejectWithdrawal(
  db: Db,
  input: { id: number; reason: string | undefined; at: Date; fourEyesThreshold: bigint } & ActedBy,
): Promise<WithdrawalDecision> {
  const reason = staffReason(input.reason);
  await db.kysely.transaction().execute(async (trx) => {
    const { row, accounts } = await lockPending(trx, db, input.id, async () => [], input.at);
    const key = `withdraw-reject:${row.id}`;
    const { transfers } = await postOperation(trx, db.dialect, {
      operationKey: key,
      at: input.at,
      legs: [
        { key, debit: accounts['member.held'], credit: accounts['member.available'], amount: toMicro(row.amount), type: 'Withdrawal Failed', description: 'withdrawal_failed', reason },
      ],
    });
    const updated = await trx
      .updateTable('withdrawals')
      .set({ status: 'Failed', decided_at: input.at.toISOString(), reason, return_transfer_id: transfers[0].id })
      .where('id', '=', row.id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new OperatorError(`Withdrawal ${row.id} was decided meanwhile, nothing moved`);
    await recordMemberEvent(trx, row.user_id, 'withdrawal', { id: row.id, status: 'Failed' }, input.at);
    const approved = (await approvalsOf(trx, [row.id])).length > 0;
    await auditQueueDecision(trx, input, {
      queue: approved ? 'approvals' : 'withdrawals',
      id: row.id,
      action: 'withdrawal.reject',
      memberId: row.user_id,
      before: 'Pending',
      after: 'Failed',
      reason,
      details: `transfer:${transfers[0].id}`,
      at: input.at,
    });
    await notifyMember(trx, {
      userId: row.user_id,
      kind: 'wallet',
      titleKey: 'pushWithdrawalRejectedTitle',
      bodyKey: 'pushWithdrawalRejectedBody',
      params: { amount: formatAmount(toMicro(row.amount)), reason },
      at: input.at,
    });
  });
  return decision(db.kysely, input.id, input.fourEyesThreshold);
}
