import { parseAmount } from '@rigshare/domain';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect';
import { memberAccounts, platformAccountId } from './accounts';
import { InsufficientFundsError, postOperation, type PostedTransfer } from './ledger';
import { writeAudit, type ActedBy } from '../audit';

/** Staff operations the admin command runs (and tests call): all of them ledger operations with a reason. */

/** The audit row of a funding by staff (once: a replayed request id writes none). */
export async function auditFunding(
  trx: Parameters<typeof writeAudit>[0],
  actor: ActedBy,
  action: string,
  transfer: PostedTransfer,
  replayed: boolean,
  reason: string,
  at: Date,
): Promise<void> {
  if (replayed) return;
  await writeAudit(trx, { actor: actor.by, actorRole: actor.actorRole, sourceAddress: actor.sourceAddress, action, target: `transfer:${transfer.id}`, after: transfer.amount.toString(), reason, at });
}

export class OperatorError extends Error {}

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

function reasonOf(reason: string | undefined): string {
  const text = (reason ?? '').trim();
  if (!text) throw new OperatorError('A reason is required: --reason "..."');
  if (text.length > 500) throw new OperatorError('The reason is limited to 500 characters');
  return text;
}

/** Adjustment credit (direction 'credit') or debit of a member's available balance, against platform.adjustments. */
export async function adjust(
  db: Db,
  input: { phone: string; amount: string; reason: string | undefined; direction: 'credit' | 'debit'; at: Date; key?: string },
): Promise<PostedTransfer> {
  const amount = amountOf(input.amount);
  const reason = reasonOf(input.reason);
  const member = await db.kysely.selectFrom('users').select('id').where('phone', '=', input.phone).executeTakeFirst();
  if (!member) throw new OperatorError(`No member with phone ${input.phone}`);
  const key = input.key ?? `adjustment:${randomUUID()}`;
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const accounts = await memberAccounts(trx, member.id, input.at);
      const platform = await platformAccountId(trx, 'platform.adjustments');
      const [debit, credit] = input.direction === 'credit' ? [platform, accounts['member.available']] : [accounts['member.available'], platform];
      const { transfers } = await postOperation(trx, db.dialect, {
        operationKey: key,
        at: input.at,
        legs: [{ key, debit, credit, amount, type: 'Adjustment', description: 'adjustment', reason }],
      });
      return transfers[0];
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new OperatorError('Refused: the member\'s available balance would go below zero');
    throw error;
  }
}

/** Records mining revenue into the revenue pool (from platform.mining_revenue). */
export async function fundPool(db: Db, input: { amount: string; reason: string | undefined; at: Date; key?: string; actor?: ActedBy }): Promise<PostedTransfer> {
  const amount = amountOf(input.amount);
  const reason = reasonOf(input.reason);
  const key = input.key ?? `mining-revenue:${randomUUID()}`;
  return db.kysely.transaction().execute(async (trx) => {
    const source = await platformAccountId(trx, 'platform.mining_revenue');
    const pool = await platformAccountId(trx, 'platform.revenue_pool');
    const { transfers, replayed } = await postOperation(trx, db.dialect, {
      operationKey: key,
      at: input.at,
      legs: [{ key, debit: source, credit: pool, amount, type: 'Mining Revenue', description: 'mining_revenue', reason }],
    });
    if (input.actor) await auditFunding(trx, input.actor, 'money.fund_pool', transfers[0], replayed, reason, input.at);
    return transfers[0];
  });
}
