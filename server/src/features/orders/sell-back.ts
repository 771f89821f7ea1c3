import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { DAY_MS } from '../../jobs/accrual';
import { memberAccounts, platformAccountId } from '../../ledger/accounts';
import { InsufficientFundsError, lockAccounts, postOperation } from '../../ledger/ledger';

/**
 * Selling a rented machine back (docs/decisions.md, "Selling a rented machine back"): the member ends an
 * active order early and is paid the unearned part of what they paid for it, from rental revenue (where
 * the payment went), into their available balance. Days that fell due before the sale keep their income;
 * no day after it accrues.
 */

/** What a sale of one order would pay now, and how. */
export interface SellBackQuote {
  orderId: number;
  /** What the member paid for the order (after the coupon), micro-units. */
  paid: bigint;
  validDays: number;
  /** Days whose income stays the member's: fallen due by now, or paid ahead (a free first day). */
  daysKept: number;
  daysLeft: number;
  /** paid x daysLeft / validDays, rounded down. */
  amount: bigint;
}

/** The idempotency key of an order's one sell-back transfer (`ledger:check` looks for exactly one per sold order). */
export const sellBackKey = (orderId: number) => `sellback:${orderId}`;

interface SellableRow {
  id: number;
  status: string;
  amount: string | number | bigint;
  valid_days: number;
  created_ms: string | number | bigint;
  last_day: string | number | bigint | null;
}

/** The member's order with what its price needs; undefined when they have no such order (another member's included). */
function sellableOrder(k: Kysely<Database>, userId: number, orderId: number): Promise<SellableRow | undefined> {
  return k
    .selectFrom('orders as o')
    .select(['o.id', 'o.status', 'o.amount', 'o.valid_days', 'o.created_ms'])
    .select((eb) => eb.selectFrom('income_accruals as a').whereRef('a.order_id', '=', 'o.id').select((a) => a.fn.max('a.day').as('d')).as('last_day'))
    .where('o.id', '=', orderId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
}

/** The price of selling `row` back at `now`; refuses an order that is over or would pay nothing. */
function priceOf(row: SellableRow, now: Date): SellBackQuote {
  if (row.status === 'Sold') throw new AppError(409, 'sellBackAlreadySold');
  if (row.status !== 'Valid') throw new AppError(409, 'sellBackOrderEnded');
  const daysDue = Math.floor((now.getTime() - Number(row.created_ms)) / DAY_MS);
  const daysKept = Math.min(row.valid_days, Math.max(daysDue, Number(row.last_day ?? 0)));
  const daysLeft = row.valid_days - daysKept;
  const paid = toMicro(row.amount);
  const amount = (paid * BigInt(daysLeft)) / BigInt(row.valid_days);
  if (amount <= 0n) throw new AppError(409, 'sellBackNothingLeft');
  return { orderId: row.id, paid, validDays: row.valid_days, daysKept, daysLeft, amount };
}

/** What selling the member's order back would pay now (the quote the member confirms). */
export async function sellBackQuote(k: Kysely<Database>, userId: number, orderId: number, now: Date): Promise<SellBackQuote> {
  const row = await sellableOrder(k, userId, orderId);
  if (!row) throw new AppError(404, 'orderNotFound');
  return priceOf(row, now);
}

/**
 * Sells the member's order back for `quoted` (the price they confirmed), in one transaction: the order
 * becomes Sold (a guarded UPDATE, so of concurrent sales exactly one changes it and the others are
 * refused) and the price moves from rental revenue to the member's available balance. Refused, with
 * nothing changed, when the price is no longer `quoted`, or rental revenue cannot cover it.
 *
 * Locks: the revenue pool first, as the accrual job does, so a run and a sale never overlap (a run sees
 * the order Sold with its kept days, or the sale sees the run's days); then the member's account before
 * rental revenue, the purchase's order, so a sale and a purchase never wait for each other in a cycle.
 */
export async function sellBack(db: Db, userId: number, orderId: number, quoted: bigint, now: Date): Promise<SellBackQuote> {
  const accounts = await memberAccounts(db.kysely, userId, now);
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const pool = await platformAccountId(trx, 'platform.revenue_pool');
      const rental = await platformAccountId(trx, 'platform.rental_revenue');
      await lockAccounts(trx, db.dialect, [pool]);
      await lockAccounts(trx, db.dialect, [accounts['member.available']]);
      await lockAccounts(trx, db.dialect, [rental]);
      const row = await sellableOrder(trx, userId, orderId);
      if (!row) throw new AppError(404, 'orderNotFound');
      const quote = priceOf(row, now);
      if (quote.amount !== quoted) throw new AppError(409, 'sellBackPriceChanged', {}, { amount: quote.amount.toString(), daysLeft: quote.daysLeft });
      await markSold(trx, quote, now);
      await postOperation(trx, db.dialect, {
        operationKey: sellBackKey(orderId),
        at: now,
        keysAreNew: true,
        held: [pool, accounts['member.available'], rental],
        legs: [{ key: sellBackKey(orderId), debit: rental, credit: accounts['member.available'], amount: quote.amount, type: 'Sell Back', description: 'sell_back' }],
      });
      return quote;
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError(409, 'sellBackRevenueShort');
    throw error;
  }
}

/** The order Sold, only if it is still Valid: a concurrent sale that got there first leaves nothing to change. */
async function markSold(trx: Kysely<Database>, quote: SellBackQuote, now: Date): Promise<void> {
  const updated = await trx
    .updateTable('orders')
    .set({ status: 'Sold', sold_at: now.toISOString(), sold_amount: quote.amount, kept_days: quote.daysKept })
    .where('id', '=', quote.orderId)
    .where('status', '=', 'Valid')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, 'sellBackAlreadySold');
}
