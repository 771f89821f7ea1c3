import { couponLiveAt, type Coupon as CouponView, type CouponState, type LocaleTag, type Page } from '@rigshare/domain';

import { sql, type Kysely } from 'kysely';
import { localizedField } from '../../content/seed-content';
import { countedPage, type Paging } from '../../db/paging';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';

type CouponRow = {
  id: number;
  name: string;
  translations: string | null;
  amount: string | number | bigint;
  min_spend: string | number | bigint;
  product_id: number | null;
  start_time: string;
  end_time: string;
};

function view(row: CouponRow, state: CouponState, locale: LocaleTag): CouponView {
  return {
    id: row.id,
    name: localizedField(row.translations, locale, 'name', row.name),
    kind: 'discount',
    amount: toMicro(row.amount).toString(),
    minSpend: toMicro(row.min_spend).toString(),
    productId: row.product_id,
    startTime: row.start_time,
    endTime: row.end_time,
    state,
  };
}

const COUPON_COLUMNS = ['c.id', 'c.name', 'c.translations', 'c.amount', 'c.min_spend', 'c.product_id', 'c.start_time', 'c.end_time'] as const;

/**
 * The queries below select by the rule of libs/domain `couponLiveAt` (start included, end
 * excluded): live is `start_time <= now < end_time`, expired is `end_time <= now`.
 */
function memberState(row: { used_at: string | null; end_time: string }, nowIso: string): CouponState {
  if (row.used_at) return 'used';
  return row.end_time <= nowIso ? 'expired' : 'received';
}

/** The member's coupons (received, used, expired), newest first, optionally one state only. */
export async function memberCoupons(
  k: Kysely<Database>,
  userId: number,
  now: Date,
  paging: Paging,
  state: CouponState | null,
  locale: LocaleTag,
): Promise<Page<CouponView>> {
  const nowIso = now.toISOString();
  let query = k
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .where('uc.user_id', '=', userId);
  if (state === 'used') query = query.where('uc.used_at', 'is not', null);
  if (state === 'received') query = query.where('uc.used_at', 'is', null).where('c.end_time', '>', nowIso);
  if (state === 'expired') query = query.where('uc.used_at', 'is', null).where('c.end_time', '<=', nowIso);
  if (state === 'available') return { total: 0, list: [] };
  const { total, rows } = await countedPage(query, query.select([...COUPON_COLUMNS, 'uc.used_at']).orderBy('uc.id', 'desc'), paging);
  return { total, list: rows.map((r) => view(r, memberState(r, nowIso), locale)) };
}

/**
 * Coupons that are live now and the member has not received yet: those for the product (or for
 * any product) when one is named, else all of them.
 */
export async function receivableCoupons(k: Kysely<Database>, userId: number, productId: number | null, now: Date, locale: LocaleTag) {
  const nowIso = now.toISOString();
  const rows = await k
    .selectFrom('coupons as c')
    .select([...COUPON_COLUMNS])
    .where('c.active', '=', 1)
    .where('c.start_time', '<=', nowIso)
    .where('c.end_time', '>', nowIso)
    .$if(productId !== null, (q) => q.where((eb) => eb.or([eb('c.product_id', 'is', null), eb('c.product_id', '=', productId!)])))
    .where('c.released_at', 'is', null)
    .where(sql<boolean>`(c.claimed + 1) * c.amount <= c.budget`)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('user_coupons as uc').select('uc.id').where('uc.user_id', '=', userId).whereRef('uc.coupon_id', '=', 'c.id'))),
    )
    .orderBy('c.id')
    .execute();
  return rows.map((r) => view(r, 'available', locale));
}

/** Coupons the member holds, unused and live, that apply to the product (min spend is checked at checkout). */
export async function usableCoupons(k: Kysely<Database>, userId: number, productId: number, now: Date, locale: LocaleTag) {
  const nowIso = now.toISOString();
  const rows = await k
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select([...COUPON_COLUMNS])
    .where('uc.user_id', '=', userId)
    .where('uc.used_at', 'is', null)
    .where('c.active', '=', 1)
    .where('c.start_time', '<=', nowIso)
    .where('c.end_time', '>', nowIso)
    .where((eb) => eb.or([eb('c.product_id', 'is', null), eb('c.product_id', '=', productId)]))
    .orderBy('c.id')
    .execute();
  return rows.map((r) => view(r, 'received', locale));
}

export async function couponSummary(k: Kysely<Database>, userId: number, productId: number, now: Date, locale: LocaleTag) {
  const receivable = await receivableCoupons(k, userId, productId, now, locale);
  const usable = await usableCoupons(k, userId, productId, now, locale);
  const best = usable.reduce((max, c) => (BigInt(c.amount) > max ? BigInt(c.amount) : max), 0n);
  return { receivable: receivable.length, usable: usable.length, bestAmount: best.toString() };
}

/** Adds the coupon to the member's wallet: once per member per coupon (409 on a second time). */
export async function receiveCoupon(k: Kysely<Database>, userId: number, couponId: number, now: Date, locale: LocaleTag): Promise<CouponView> {
  const nowIso = now.toISOString();
  const coupon = await k
    .selectFrom('coupons as c')
    .select([...COUPON_COLUMNS, 'c.active'])
    .where('c.id', '=', couponId)
    .executeTakeFirst();
  if (!coupon) throw new AppError(404, 'couponNotFound');
  const held = await k.selectFrom('user_coupons').select('id').where('user_id', '=', userId).where('coupon_id', '=', couponId).executeTakeFirst();
  if (held) throw new AppError(409, 'couponAlreadyReceived');
  if (coupon.active !== 1 || !couponLiveAt({ startTime: coupon.start_time, endTime: coupon.end_time }, now.getTime())) throw new AppError(400, 'couponNotAvailable');
  // One more member takes it only while the budget covers one more discount: the check and the count are
  // one conditional UPDATE (the row lock orders concurrent takers); a second take by the same member rolls it back.
  await k.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('coupons')
      .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
      .where('id', '=', couponId)
      // Its budget is reserved (ledger/promotions.ts): a coupon without one, or released, pays nothing more.
      .where('released_at', 'is', null)
      .where(sql<boolean>`(claimed + 1) * amount <= budget`)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) throw new AppError(409, 'couponBudgetSpent');
    const inserted = await trx
      .insertInto('user_coupons')
      .values({ user_id: userId, coupon_id: couponId, received_at: nowIso, used_at: null, order_id: null })
      .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError(409, 'couponAlreadyReceived');
  });
  return view(coupon, 'received', locale);
}
