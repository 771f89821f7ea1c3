import { formatAmount } from '@rigshare/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db, DialectName } from '../db/connect';
import { toMicro, type CouponsTable, type Database } from '../db/schema';
import type { ActedBy } from '../audit';
import { platformAccountId } from './accounts';
import { lockAccounts, postOperation, type PostedTransfer } from './ledger';
import { OperatorError } from '../operator-error';
import { fundPlatformAccount, type Funding } from './operator';

/**
 * The promotions budget (docs/ledger.md, "Promotions budget"): platform.rewards_expense, funded by staff
 * from platform.rewards_funding and never below zero, pays the free first-day income; exchange codes
 * and coupons reserve their whole budget from it into platform.rewards_reserved when created, are paid
 * from the reservation, and return what is left when they end.
 */

const PROMOTIONS_FUNDING: Funding = {
  source: 'platform.rewards_funding',
  target: 'platform.rewards_expense',
  type: 'Promotions Budget',
  description: 'promotions_budget',
  auditAction: 'money.fund_promotions',
  keyPrefix: 'promotions-funding',
};

export function fundPromotions(db: Db, input: { amount: string; reason: string | undefined; at: Date; key?: string; actor?: ActedBy }): Promise<PostedTransfer> {
  return fundPlatformAccount(db, PROMOTIONS_FUNDING, input);
}

/** The two accounts' ids: the budget (rewards_expense) and the reservations (rewards_reserved). */
export async function promotionAccounts(trx: Kysely<Database>): Promise<{ budget: number; reserved: number }> {
  return { budget: await platformAccountId(trx, 'platform.rewards_expense'), reserved: await platformAccountId(trx, 'platform.rewards_reserved') };
}

/**
 * Reserves `amount` of the promotions budget for a code or coupon, inside the caller's transaction.
 * Refused (OperatorError, nothing moved) beyond what is funded and not reserved yet: the budget's lock
 * orders concurrent reservations, and the ledger's non-negative check is the last guard.
 */
export async function reservePromotion(trx: Kysely<Database>, dialect: DialectName, input: { key: string; amount: bigint; at: Date }): Promise<void> {
  const { budget, reserved } = await promotionAccounts(trx);
  await lockAccounts(trx, dialect, [budget, reserved]);
  const row = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', budget).executeTakeFirstOrThrow();
  const unreserved = toMicro(row.balance);
  if (unreserved < input.amount) {
    throw new OperatorError(
      `Refused: this needs ${formatAmount(input.amount)} USDT but the promotions budget has ${formatAmount(unreserved)} USDT funded and not reserved. Fund it first.`,
    );
  }
  await postOperation(trx, dialect, {
    operationKey: input.key,
    at: input.at,
    legs: [{ key: input.key, debit: budget, credit: reserved, amount: input.amount, type: 'Reservation', description: 'promotion_reserved' }],
  });
}

/** Returns what a code or coupon that ended had reserved and not paid to the promotions budget (nothing when 0). */
export async function releasePromotion(trx: Kysely<Database>, dialect: DialectName, input: { key: string; amount: bigint; at: Date }): Promise<void> {
  if (input.amount <= 0n) return;
  const { budget, reserved } = await promotionAccounts(trx);
  await postOperation(trx, dialect, {
    operationKey: input.key,
    at: input.at,
    legs: [{ key: input.key, debit: reserved, credit: budget, amount: input.amount, type: 'Release', description: 'promotion_released' }],
  });
}

/**
 * What the open codes and the coupons not yet released still reserve: each open code's remaining
 * budget, each coupon's budget less the discounts members used. The reservations account holds exactly
 * this (ledger check); one statement, so both are read at one instant.
 */
export function openReservations() {
  return sql<string | number | bigint>`
    (SELECT COALESCE(SUM(remaining), 0) FROM exchange_codes WHERE status = 'Open') +
    (SELECT COALESCE(SUM(c.budget - c.amount * (SELECT COUNT(*) FROM user_coupons u WHERE u.coupon_id = c.id AND u.used_at IS NOT NULL)), 0)
     FROM coupons c WHERE c.released_at IS NULL AND c.budget IS NOT NULL)`;
}

/** Ledger check: the reservations account holds what the open codes and coupons reserve. */
export async function reservationProblems(k: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ balance: string | number | null; open: string | number | null }>`
    SELECT (SELECT balance FROM ledger_accounts WHERE kind = 'platform.rewards_reserved' AND owner_user_id IS NULL) AS balance,
           ${openReservations()} AS open`.execute(k);
  const { balance, open } = result.rows[0] ?? { balance: null, open: 0 };
  if (balance === null) return [];
  return BigInt(balance) === BigInt(open ?? 0) ? [] : [`promotion reservations hold ${balance} but open codes and coupons reserve ${open}`];
}

/** A coupon's reservation is released this long after its end, so that no purchase decided before the end still draws on it. */
const RELEASE_AFTER_END_MS = 10 * 60 * 1000;

/**
 * Returns to the promotions budget what coupons that ended (RELEASE_AFTER_END_MS ago) reserved and did
 * not pay; the job runs it every tick. Returns how many coupons it released.
 */
export async function releaseEndedCoupons(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - RELEASE_AFTER_END_MS).toISOString();
  const ended = await db.kysely.selectFrom('coupons').select('id').where('released_at', 'is', null).where('end_time', '<=', before).execute();
  for (const { id } of ended) {
    await db.kysely.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await releaseCoupon(trx, db.dialect, row, now);
    });
  }
  return ended.length;
}

/**
 * Marks the coupon released (once) and returns its budget less the discounts used; returns how many were
 * used. The coupon's row is taken before the promotion accounts, the order purchases take them in
 * (features/orders/service.ts `holdCoupons`), so a purchase using it commits before or sees it released.
 */
export async function releaseCoupon(trx: Kysely<Database>, dialect: DialectName, row: Selectable<CouponsTable>, at: Date): Promise<number> {
  const marked = await trx.updateTable('coupons').set({ released_at: at.toISOString() }).where('id', '=', row.id).where('released_at', 'is', null).executeTakeFirst();
  const used = await trx.selectFrom('user_coupons').select((eb) => eb.fn.countAll<string | number>().as('n')).where('coupon_id', '=', row.id).where('used_at', 'is not', null).executeTakeFirstOrThrow();
  if (Number(marked.numUpdatedRows) === 1 && row.budget !== null) {
    const left = toMicro(row.budget) - toMicro(row.amount) * BigInt(used.n);
    await releasePromotion(trx, dialect, { key: `coupon-release:${row.id}`, amount: left, at });
  }
  return Number(used.n);
}
