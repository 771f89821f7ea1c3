import { parseAmount } from '@rigshare/domain';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect';
import { memberAccounts, platformAccountId, type PlatformKind } from './accounts';
import { InsufficientFundsError, lockAccounts, postOperation, type PostedTransfer, type TransferType } from './ledger';
import { collectOwedRewards } from './owed-rewards';
import { auditStaffAction, staffReason, type ActedBy } from '../audit';
import { OperatorError } from '../operator-error';

/** Staff operations the admin command runs (and tests call): all of them ledger operations with a reason. */

function amountOf(text: string): bigint {
  let amount: bigint;
  try {
    amount = parseAmount(text);
  } catch {
    throw new OperatorError(`Not an amount: "${text}" (use USDT, e.g. 12.5)`);
  }
  if (amount <= 0n) throw new OperatorError('The amount must be positive');
  return amount;
}

/**
 * Adjustment credit (direction 'credit') or debit of a member's available balance, against platform.adjustments.
 * The member by phone or id; idempotent per key (a retry returns the first transfer and writes no second
 * audit row); a debit beyond the available balance is refused and moves nothing.
 */
export async function adjust(
  db: Db,
  input: { phone?: string; memberId?: number; amount: string; reason: string | undefined; direction: 'credit' | 'debit'; at: Date; key?: string; actor?: ActedBy },
): Promise<PostedTransfer & { balanceAfter: bigint }> {
  const amount = amountOf(input.amount);
  const reason = staffReason(input.reason);
  const users = db.kysely.selectFrom('users').select('id');
  const member = await (input.memberId !== undefined ? users.where('id', '=', input.memberId) : users.where('phone', '=', input.phone ?? '')).executeTakeFirst();
  if (!member) throw new OperatorError(`No member ${input.memberId !== undefined ? input.memberId : `with phone ${input.phone}`}`);
  const key = input.key ?? `adjustment:${randomUUID()}`;
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const accounts = await memberAccounts(trx, member.id, input.at);
      const platform = await platformAccountId(trx, 'platform.adjustments');
      const [debit, credit] = input.direction === 'credit' ? [platform, accounts['member.available']] : [accounts['member.available'], platform];
      if (input.direction === 'debit') {
        // Rewards owed to the member count in their balance: collected before it is taken from.
        await lockAccounts(trx, db.dialect, [accounts['member.available']]);
        await collectOwedRewards(trx, db.dialect, new Map([[member.id, accounts['member.available']]]), input.at);
      }
      const { transfers, replayed } = await postOperation(trx, db.dialect, {
        operationKey: key,
        at: input.at,
        legs: [{ key, debit, credit, amount, type: 'Adjustment', description: 'adjustment', reason }],
      });
      const after = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', accounts['member.available']).executeTakeFirstOrThrow();
      const balanceAfter = BigInt(after.balance);
      if (input.actor && !replayed) {
        const signed = input.direction === 'credit' ? amount : -amount;
        await auditStaffAction(trx, input.actor, {
          action: `money.${input.direction}`,
          target: `transfer:${transfers[0].id}`,
          memberId: member.id,
          before: `available ${balanceAfter - signed}`,
          after: `available ${balanceAfter}`,
          reason,
          at: input.at,
        });
      }
      return { ...transfers[0], balanceAfter };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new OperatorError('Refused: the member\'s available balance would go below zero');
    throw error;
  }
}

/** A platform account staff fund from its outside source, with the ledger type and audit action it is recorded under. */
export interface Funding {
  source: PlatformKind;
  target: PlatformKind;
  type: TransferType;
  description: string;
  auditAction: string;
  keyPrefix: string;
}

export const POOL_FUNDING: Funding = {
  source: 'platform.mining_revenue',
  target: 'platform.revenue_pool',
  type: 'Mining Revenue',
  description: 'mining_revenue',
  auditAction: 'money.fund_pool',
  keyPrefix: 'mining-revenue',
};

/**
 * Staff move money from outside the platform into one of its funded accounts (the revenue pool, the
 * rewards budget, the promotions budget) with a stated reason: one transfer, idempotent per key, one
 * audit row the first time.
 */
export async function fundPlatformAccount(
  db: Db,
  funding: Funding,
  input: { amount: string; reason: string | undefined; at: Date; key?: string; actor?: ActedBy },
): Promise<PostedTransfer> {
  const amount = amountOf(input.amount);
  const reason = staffReason(input.reason);
  const key = input.key ?? `${funding.keyPrefix}:${randomUUID()}`;
  return db.kysely.transaction().execute(async (trx) => {
    const source = await platformAccountId(trx, funding.source);
    const target = await platformAccountId(trx, funding.target);
    const { transfers, replayed } = await postOperation(trx, db.dialect, {
      operationKey: key,
      at: input.at,
      legs: [{ key, debit: source, credit: target, amount, type: funding.type, description: funding.description, reason }],
    });
    if (input.actor && !replayed) {
      await auditStaffAction(trx, input.actor, { action: funding.auditAction, target: `transfer:${transfers[0].id}`, after: transfers[0].amount.toString(), reason, at: input.at });
    }
    return transfers[0];
  });
}

/** Records mining revenue into the revenue pool (from platform.mining_revenue). */
export function fundPool(db: Db, input: { amount: string; reason: string | undefined; at: Date; key?: string; actor?: ActedBy }): Promise<PostedTransfer> {
  return fundPlatformAccount(db, POOL_FUNDING, input);
}
