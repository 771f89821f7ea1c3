import type { Withdrawal } from '@rigshare/api-schema';
import { amountFromText, formatAmount, isValidTxHash, shortenAddress, WITHDRAW_FEE_PERCENT, WITHDRAW_MINIMUM_MICRO, withdrawalFee, type LocaleTag, type Page } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError, onField } from '../../errors';
import { translate } from '../../i18n';
import { memberAccounts, memberBalances, platformAccountId } from '../../ledger/accounts';
import { InsufficientFundsError, lockAccounts, postOperation, type Leg } from '../../ledger/ledger';
import { OperatorError } from '../../operator-error';
import { writeAudit, type ActedBy } from '../../audit';
import type { AppDeps } from '../../types';
import { notifyMember } from '../../notices';
import { findAddress, findBankCard, maskAccountNumber } from './bindings';
import { checkFundPassword } from './fund-password-tries';
import { holdUntil } from './security';
import { countedPage, type Paging } from '../../db/paging';
import type { RecordPeriod } from './record-period';

/**
 * Withdrawals: the amount moves member.available -> member.held when the member asks; staff then pay it
 * (held -> platform.withdrawals_paid for the net, held -> platform.fees for the fee) or reject it
 * (held -> available, a "Withdrawal Failed" record).
 */

export const WITHDRAW_CHANNELS = ['USDT', 'BANK'] as const;
export type WithdrawChannel = (typeof WITHDRAW_CHANNELS)[number];

/** The API contract's shape (libs/api-schema). */
export type WithdrawalView = Withdrawal;

type WithdrawalRow = Awaited<ReturnType<typeof findWithdrawal>> & {};

function findWithdrawal(db: Kysely<Database>, id: number) {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export function withdrawalView(row: NonNullable<WithdrawalRow>): WithdrawalView {
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

function channelOf(value: string): WithdrawChannel {
  const channel = WITHDRAW_CHANNELS.find((c) => c === value.toUpperCase());
  if (!channel) throw new AppError(400, 'badRequest');
  return channel;
}

function amountOf(text: string): bigint {
  const amount = amountFromText(text);
  if (amount === null) throw new AppError(400, 'amountInvalid', {}, onField('amount'));
  return amount;
}

export function quote(input: { channel: string; amount: string }) {
  channelOf(input.channel);
  const amount = amountOf(input.amount);
  // The fee rule the member's screen runs too (libs/domain).
  const { fee, net } = withdrawalFee(amount);
  return { amount: amount.toString(), fee: fee.toString(), net: net.toString(), feePercent: WITHDRAW_FEE_PERCENT, minimum: WITHDRAW_MINIMUM_MICRO.toString() };
}

export function withdrawInfo(channelText: string, locale: LocaleTag) {
  const channel = channelOf(channelText);
  return {
    feePercent: WITHDRAW_FEE_PERCENT,
    minimum: WITHDRAW_MINIMUM_MICRO.toString(),
    arrival: translate(locale, channel === 'USDT' ? 'arrivalUsdt' : 'arrivalBank'),
  };
}

const fix = (route: string | null) => ({ fix: route });

/**
 * A member's withdrawal request. Checks, in the contract's order: amount format and minimum, balance,
 * the address or bank card, a fund password set, the hold, then the fund password itself (wrong tries
 * counted, locked after too many); then one transfer
 * available -> held under withdraw:<member>:<requestId>. The ledger's lock and non-negative check make
 * concurrent requests hold at most the balance. The same requestId with the same content replays.
 */
export async function createWithdrawal(
  deps: AppDeps,
  userId: number,
  input: { channel: string; amount: string; payPassword: string; requestId: string },
): Promise<WithdrawalView> {
  const db = deps.db.kysely;
  const now = deps.clock();
  const channel = channelOf(input.channel);
  const amount = amountOf(input.amount);
  const requestHash = `${channel}:${amount}`;
  const member = await db.selectFrom('users').select(['pay_password_hash', 'withdraw_hold_from']).where('id', '=', userId).executeTakeFirstOrThrow();

  const previous = await db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).where('request_id', '=', input.requestId).executeTakeFirst();
  if (previous) {
    if (previous.request_hash !== requestHash) throw new AppError(409, 'withdrawRequestReused');
    if (!member.pay_password_hash) throw new AppError(400, 'fundPasswordWrong', {}, fix(null));
    // A replay checks the PIN too, under the same count of wrong tries.
    await checkFundPassword(deps, userId, input.payPassword, member.pay_password_hash);
    return withdrawalView(previous);
  }

  if (amount < WITHDRAW_MINIMUM_MICRO) throw new AppError(400, 'withdrawMinimum', {}, onField('amount'));
  // 1. balance (checked again, under the account lock, by the ledger)
  const balances = await memberBalances(db, userId);
  if (amount > balances['member.available']) throw new AppError(400, 'insufficientBalance', {}, onField('amount', fix(null)));
  // 2. where to pay
  let destination: string;
  let payoutTo: string;
  if (channel === 'USDT') {
    const address = await findAddress(db, userId);
    if (!address) throw new AppError(400, 'bindAddress', {}, fix('/user/address'));
    destination = shortenAddress(address.address);
    payoutTo = `${address.chain} ${address.address}`;
  } else {
    const card = await findBankCard(db, userId);
    if (!card) throw new AppError(400, 'bindBank', {}, fix('/user/bank'));
    destination = maskAccountNumber(card.account_number);
    payoutTo = `${card.holder_name} / ${card.bank_name} / ${card.account_number} / ${card.ifsc}`;
  }
  // 3. a fund password is set; 4. no hold: during the hold the PIN is not even checked;
  // 5. the PIN, under the count of wrong tries (fund-password-tries.ts): locked after too many.
  if (!member.pay_password_hash) throw new AppError(400, 'bindFundPassword', {}, fix('/user/fundPwd'));
  const until = holdUntil(member.withdraw_hold_from, deps.config.withdrawHoldHours, now);
  // `holdUntil` lets the app say the end of the hold in the member's own time zone.
  if (until) throw new AppError(403, 'withdrawHold', { time: until.toISOString() }, { fix: null, holdUntil: until.toISOString() });
  await checkFundPassword(deps, userId, input.payPassword, member.pay_password_hash);

  const { fee, net } = withdrawalFee(amount);
  const key = `withdraw:${userId}:${input.requestId}`;
  const id = await deps.db.kysely.transaction().execute(async (trx) => {
    const accounts = await memberAccounts(trx, userId, now);
    await lockAccounts(trx, deps.db.dialect, [accounts['member.available'], accounts['member.held']]);
    // A concurrent retry of the same request waited for the lock and finds the first one.
    const again = await trx.selectFrom('withdrawals').select(['id', 'request_hash']).where('user_id', '=', userId).where('request_id', '=', input.requestId).executeTakeFirst();
    if (again) {
      if (again.request_hash !== requestHash) throw new AppError(409, 'withdrawRequestReused');
      return again.id;
    }
    let transferId: number;
    try {
      const { transfers } = await postOperation(trx, deps.db.dialect, {
        operationKey: key,
        at: now,
        legs: [{ key, debit: accounts['member.available'], credit: accounts['member.held'], amount, type: 'Withdrawal', description: 'withdrawal' }],
      });
      transferId = transfers[0].id;
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw new AppError(400, 'insufficientBalance', {}, onField('amount', fix(null)));
      throw error;
    }
    const row = await trx
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        request_id: input.requestId,
        request_hash: requestHash,
        channel,
        amount,
        fee,
        net,
        destination,
        payout_to: payoutTo,
        status: 'Pending',
        created_at: now.toISOString(),
        decided_at: null,
        tx_hash: null,
        reference: null,
        reason: null,
        hold_transfer_id: transferId,
        return_transfer_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return withdrawalView((await findWithdrawal(db, id))!);
}

/** The member's withdrawals, newest first, optionally of one channel and/or asked for within a period. */
export async function memberWithdrawals(
  db: Kysely<Database>,
  userId: number,
  paging: Paging,
  filter: { channel?: WithdrawChannel; period?: RecordPeriod } = {},
): Promise<Page<WithdrawalView>> {
  let mine = db.selectFrom('withdrawals').where('user_id', '=', userId);
  if (filter.channel) mine = mine.where('channel', '=', filter.channel);
  if (filter.period) mine = mine.where('created_at', '>=', filter.period.from).where('created_at', '<', filter.period.to);
  const { total, rows } = await countedPage(mine, mine.selectAll().orderBy('id', 'desc'), paging);
  return { total, list: rows.map(withdrawalView) };
}

// ---- staff (npm run admin -- withdraw:list | withdraw:approve | withdraw:reject) ----

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

function staffReason(reason: string | undefined): string {
  const text = (reason ?? '').trim();
  if (!text) throw new OperatorError('A reason is required: --reason "..."');
  if (text.length > 500) throw new OperatorError('The reason is limited to 500 characters');
  return text;
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
    await writeAudit(trx, {
      actor: by,
      actorRole: input.actorRole,
      sourceAddress: input.sourceAddress,
      action: pays ? 'withdrawal.approve' : 'withdrawal.approve_first',
      target: `withdrawal:${row.id}`,
      memberId: row.user_id,
      before: 'Pending',
      after: pays ? 'Succeeded' : 'Pending',
      details: `${txHash ? `tx ${txHash}` : `ref ${reference}`}; approval ${earlier.length + 1} of ${needed}`,
      at: input.at,
    });
    if (!pays) return decision(trx, row.id, input.fourEyesThreshold);
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
    await writeAudit(trx, {
      actor: input.by,
      actorRole: input.actorRole,
      sourceAddress: input.sourceAddress,
      action: 'withdrawal.reject',
      target: `withdrawal:${row.id}`,
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
