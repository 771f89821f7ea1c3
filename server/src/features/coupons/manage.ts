import type { AdminCoupon, CouponDraft } from '@rigshare/api-schema';
import { isValidAmount, parseAmount } from '@rigshare/domain';
import type { Kysely, Selectable } from 'kysely';
import { auditStaffAction, type Acting } from '../../audit';
import { countedPage, type Paging } from '../../db/paging';
import { toMicro, type CouponsTable, type Database } from '../../db/schema';
import type { Db } from '../../db/connect';
import { OperatorError } from '../../operator-error';
import { releaseCoupon, reservePromotion } from '../../ledger/promotions';

/** A coupon as staff see it: its terms, its budget and how much of it members took. */
export type StaffCoupon = AdminCoupon;

/** What staff offer a coupon with: decimal USDT amounts, an empty budget for no limit. */
export type CouponTerms = CouponDraft;

const staffCoupon = (row: Selectable<CouponsTable>, used: number): StaffCoupon => ({
  id: row.id,
  name: row.name,
  amount: String(toMicro(row.amount)),
  minSpend: String(toMicro(row.min_spend)),
  productId: row.product_id,
  startTime: row.start_time,
  endTime: row.end_time,
  budget: row.budget == null ? null : String(toMicro(row.budget)),
  claimed: row.claimed,
  used,
  active: row.active === 1,
  createdAt: row.created_at,
});

/** Every coupon, newest first, with how many members took and used each. */
export async function staffCoupons(db: Kysely<Database>, paging: Paging) {
  const all = db.selectFrom('coupons');
  const { total, rows } = await countedPage(all, all.selectAll().orderBy('id', 'desc'), paging);
  const ids = rows.map((r) => r.id);
  const used = ids.length
    ? await db
        .selectFrom('user_coupons')
        .select(['coupon_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('coupon_id', 'in', ids)
        .where('used_at', 'is not', null)
        .groupBy('coupon_id')
        .execute()
    : [];
  const usedOf = new Map(used.map((u) => [u.coupon_id, Number(u.n)]));
  return { total, list: rows.map((r) => staffCoupon(r, usedOf.get(r.id) ?? 0)) };
}

/**
 * Offers a new coupon: an amount off a product (or any) above a minimum spend, within a validity window
 * and a budget that the discounts of the members who take it never exceed. The budget is reserved from
 * the promotions budget in the same transaction (refused beyond what is funded and not reserved, and
 * then nothing is written). One audit row.
 */
export async function createCoupon(db: Db, input: { terms: CouponTerms } & Acting): Promise<StaffCoupon> {
  const t = input.terms;
  const name = t.name.trim();
  if (!name || name.length > 100) throw new OperatorError('Give the coupon a name (at most 100 characters)');
  if (!isValidAmount(t.amount) || parseAmount(t.amount) <= 0n) throw new OperatorError('The discount is a positive amount with at most two decimals');
  if (!isValidAmount(t.minSpend)) throw new OperatorError('The minimum spend is an amount with at most two decimals');
  const amount = parseAmount(t.amount);
  const minSpend = parseAmount(t.minSpend);
  if (minSpend < amount) throw new OperatorError('The minimum spend is at least the discount');
  const budgetText = t.budget.trim();
  if (!isValidAmount(budgetText)) throw new OperatorError('The budget is an amount with at most two decimals: what the discounts may add up to, reserved now');
  const budget = parseAmount(budgetText);
  if (budget < amount) throw new OperatorError('The budget covers at least one discount');
  const start = Date.parse(t.startTime);
  const end = Date.parse(t.endTime);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new OperatorError('Give a validity that ends after it starts');
  return db.kysely.transaction().execute(async (trx) => {
    if (t.productId !== null) {
      const product = await trx.selectFrom('products').select('id').where('id', '=', t.productId).executeTakeFirst();
      if (!product) throw new OperatorError(`No product ${t.productId}`);
    }
    const row = await trx
      .insertInto('coupons')
      .values({
        name,
        translations: null,
        amount: amount.toString(),
        min_spend: minSpend.toString(),
        product_id: t.productId,
        start_time: new Date(start).toISOString(),
        end_time: new Date(end).toISOString(),
        active: 1,
        budget: budget.toString(),
        created_at: input.at.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await reservePromotion(trx, db.dialect, { key: `coupon-reserve:${row.id}`, amount: budget, at: input.at });
    await auditStaffAction(trx, input, {
      action: 'coupon.create',
      target: `coupon:${row.id}`,
      after: `${name}: ${amount} off from ${minSpend}${t.productId === null ? '' : ` on product ${t.productId}`}, budget ${budget} (micro-units), reserved`,
      at: input.at,
    });
    return staffCoupon(row, 0);
  });
}

/**
 * Withdraws a coupon: no one can take it any more, and those who hold it can no longer use it at checkout;
 * what it reserved and did not pay returns to the promotions budget.
 */
export async function closeCoupon(db: Db, input: { id: number; reason: string } & Acting): Promise<StaffCoupon> {
  const reason = input.reason.trim();
  if (!reason || reason.length > 500) throw new OperatorError('Give a reason (at most 500 characters)');
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx.updateTable('coupons').set({ active: 0 }).where('id', '=', input.id).where('active', '=', 1).returningAll().executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom('coupons').select('id').where('id', '=', input.id).executeTakeFirst();
      throw new OperatorError(exists ? `Coupon ${input.id} is already withdrawn` : `No coupon ${input.id}`);
    }
    await auditStaffAction(trx, input, { action: 'coupon.close', target: `coupon:${row.id}`, before: 'offered', after: 'withdrawn', reason, at: input.at });
    const used = await releaseCoupon(trx, db.dialect, row, input.at);
    return staffCoupon(row, used);
  });
}
