import { amountFromText, shortenAddress, WITHDRAW_FEE_PERCENT, WITHDRAW_MINIMUM_MICRO, withdrawalFee, type LocaleTag, type Page } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { countedPage, type Paging } from '../../../db/paging';
import { AppError, onField } from '../../../errors';
import { translate } from '../../../i18n';
import { memberAccounts, memberBalances } from '../../../ledger/accounts';
import { InsufficientFundsError, lockAccounts, postOperation } from '../../../ledger/ledger';
import { collectOwedRewards } from '../../../ledger/owed-rewards';
import type { AppDeps } from '../../../types';
import { findAddress, findBankCard, maskAccountNumber } from '../bindings';
import { checkFundPassword } from '../fund-password-tries';
import type { RecordPeriod } from '../record-period';
import { holdUntil } from '../security';
import { findWithdrawal, withdrawalView, type WithdrawalView } from './view';
import { recordMemberEvent, recordQueueChange } from '../../../events';

/**
 * The member's side of withdrawals: the quote, the request and the list. A request moves the amount
 * member.available -> member.held; staff then pay or refuse it (staff.ts).
 */

export const WITHDRAW_CHANNELS = ['USDT', 'BANK'] as const;
export type WithdrawChannel = (typeof WITHDRAW_CHANNELS)[number];

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
    // Rewards owed to the member count in their balance: collected before it is taken from.
    await collectOwedRewards(trx, deps.db.dialect, new Map([[userId, accounts['member.available']]]), now);
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
    await recordMemberEvent(trx, userId, 'withdrawal', { id: row.id, status: 'Pending' }, now);
    await recordQueueChange(trx, { queue: 'withdrawals', id: row.id, change: 'added' }, now);
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
