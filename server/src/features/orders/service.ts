import type { LocaleTag, Page } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { memberAccounts, memberBalances, platformAccountId } from '../../ledger/accounts';
import { IdempotencyConflictError, InsufficientFundsError, lockAccounts, postOperation, type Leg } from '../../ledger/ledger';
import { DAY_MS, DELAY_REASON_POOL } from '../../jobs/accrual';
import { couponFit, PRODUCT_STATUS, type CouponTerms, type Order as OrderView } from '@rigshare/domain';

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface CreateOrderInput {
  userId: number;
  productId: number;
  quantity: number;
  couponId: number | null;
  requestId: string;
  now: Date;
}

function requestHash(input: CreateOrderInput): string {
  return `product=${input.productId};quantity=${input.quantity};coupon=${input.couponId ?? ''}`;
}

/** The ledger keys of a purchase; the records screen finds the order from the operation key. */
export const purchaseOperationKey = (userId: number, requestId: string) => `order:${userId}:${requestId}`;
export const FIRST_ORDER_BONUS_KEY = (userId: number) => `bonus:first-order:${userId}`;

/**
 * Buys `quantity` units in one transaction: locks the accounts it touches (id order), replays a known
 * requestId, checks the product, units left, maxBuy, the coupon and the balance in the contract's order,
 * takes the units with a guarded UPDATE (never oversells), records the order and posts the payment
 * (and the coupon's share, paid by rewards expense) through the ledger. A member's first order also gets
 * its day-1 income at once from rewards expense ("free first-day income", once per member by key).
 */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<number> {
  const k = db.kysely;
  const hash = requestHash(input);
  try {
    return await k.transaction().execute(async (trx) => {
      const accounts = await memberAccounts(trx, input.userId, input.now);
      const rental = await platformAccountId(trx, 'platform.rental_revenue');
      const rewards = await platformAccountId(trx, 'platform.rewards_expense');
      await lockAccounts(trx, db.dialect, [rental, rewards, accounts['member.available'], accounts['member.pending_income']]);

      const previous = await trx
        .selectFrom('orders')
        .select(['id', 'request_hash'])
        .where('user_id', '=', input.userId)
        .where('request_id', '=', input.requestId)
        .executeTakeFirst();
      if (previous) {
        if (previous.request_hash !== hash) throw new AppError(409, 'requestReused');
        return previous.id;
      }

      const product = await trx.selectFrom('products').selectAll().where('id', '=', input.productId).executeTakeFirst();
      if (!product) throw new AppError(404, 'productNotFound');
      const nowIso = input.now.toISOString();
      if (product.status === PRODUCT_STATUS.soldOut) throw new AppError(409, 'productSoldOut');
      if (nowIso < product.start_time) throw new AppError(409, 'productNotStarted');
      if (nowIso > product.end_time) throw new AppError(409, 'productEnded');
      if (input.quantity > product.units_offered - product.units_sold) throw new AppError(409, 'notEnoughUnits');
      if (product.max_buy !== -1) {
        const held = await trx
          .selectFrom('orders')
          .select((eb) => eb.fn.sum<string | number | null>('quantity').as('n'))
          .where('user_id', '=', input.userId)
          .where('product_id', '=', input.productId)
          .executeTakeFirstOrThrow();
        if (Number(held.n ?? 0) + input.quantity > product.max_buy) throw new AppError(409, 'purchaseLimit');
      }

      const unitPrice = toMicro(product.price_micro);
      const gross = unitPrice * BigInt(input.quantity);
      let couponAmount = 0n;
      let userCouponId: number | null = null;
      if (input.couponId !== null) {
        const coupon = await trx
          .selectFrom('user_coupons as uc')
          .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
          .select(['uc.id as userCouponId', 'uc.used_at', 'c.amount', 'c.min_spend', 'c.product_id', 'c.start_time', 'c.end_time', 'c.active'])
          .where('uc.user_id', '=', input.userId)
          .where('uc.coupon_id', '=', input.couponId)
          .executeTakeFirst();
        const terms: CouponTerms | null = coupon
          ? { amount: toMicro(coupon.amount), minSpend: toMicro(coupon.min_spend), productId: coupon.product_id, startTime: coupon.start_time, endTime: coupon.end_time }
          : null;
        // The checkout runs the same rule (libs/domain): dates, product, minimum spend, never the whole total.
        const usable = coupon && terms && coupon.used_at === null && coupon.active === 1 && couponFit(terms, input.productId, gross, input.now.getTime()) === 'fits';
        if (!usable) throw new AppError(400, 'couponNotUsable');
        couponAmount = toMicro(coupon.amount);
        userCouponId = coupon.userCouponId;
      }
      const amount = gross - couponAmount;
      const balances = await memberBalances(trx, input.userId);
      if (balances['member.available'] < amount) throw new AppError(400, 'insufficientBalance');

      const taken = await trx
        .updateTable('products')
        .set((eb) => ({
          units_sold: eb('units_sold', '+', input.quantity),
          status: eb
            .case()
            .when(eb('units_sold', '+', input.quantity), '=', eb.ref('units_offered'))
            .then(PRODUCT_STATUS.soldOut)
            .else(eb.ref('status'))
            .end(),
        }))
        .where('id', '=', input.productId)
        .where((eb) => eb(eb('units_sold', '+', input.quantity), '<=', eb.ref('units_offered')))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new AppError(409, 'notEnoughUnits');

      const firstOrder = !(await trx.selectFrom('orders').select('id').where('user_id', '=', input.userId).limit(1).executeTakeFirst());
      const dayReturn = toMicro(product.day_return_micro);
      const createdMs = input.now.getTime();
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: input.userId,
          product_id: input.productId,
          quantity: input.quantity,
          unit_price: unitPrice,
          amount,
          coupon_id: input.couponId,
          coupon_amount: couponAmount,
          day_return_amount: dayReturn,
          valid_days: product.valid_days,
          request_id: input.requestId,
          request_hash: hash,
          created_at: nowIso,
          created_ms: createdMs,
          ends_ms: createdMs + product.valid_days * DAY_MS,
          status: 'Valid',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (userCouponId !== null) {
        await trx.updateTable('user_coupons').set({ used_at: nowIso, order_id: order.id }).where('id', '=', userCouponId).execute();
      }

      const operationKey = purchaseOperationKey(input.userId, input.requestId);
      const legs: Leg[] = [];
      if (amount > 0n) {
        legs.push({ key: `${operationKey}:pay`, debit: accounts['member.available'], credit: rental, amount, type: 'Buy Machine', description: 'buy_machine' });
      }
      if (couponAmount > 0n) {
        legs.push({ key: `${operationKey}:coupon`, debit: rewards, credit: rental, amount: couponAmount, type: 'Coupon', description: 'coupon' });
      }
      if (legs.length > 0) await postOperation(trx, db.dialect, { operationKey, legs, at: input.now });

      const dailyIncome = dayReturn * BigInt(input.quantity);
      if (firstOrder && dailyIncome > 0n) {
        const bonusKey = FIRST_ORDER_BONUS_KEY(input.userId);
        const bonus = await trx.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', bonusKey).executeTakeFirst();
        if (!bonus) {
          await postOperation(trx, db.dialect, {
            operationKey: bonusKey,
            at: input.now,
            legs: [{ key: bonusKey, debit: rewards, credit: accounts['member.pending_income'], amount: dailyIncome, type: 'Bonus', description: 'free_first_day' }],
          });
          await trx
            .insertInto('income_accruals')
            .values({
              order_id: order.id,
              user_id: input.userId,
              day: 1,
              amount: dailyIncome,
              status: 'Paid',
              reason: null,
              due_ms: createdMs + DAY_MS,
              accrued_at: nowIso,
              paid_run_id: null,
              source: 'bonus',
            })
            .execute();
        }
      }
      return order.id;
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError(400, 'insufficientBalance');
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'requestReused');
    throw error;
  }
}

type OrderRow = {
  id: number;
  product_id: number;
  quantity: number;
  unit_price: string | number | bigint;
  amount: string | number | bigint;
  coupon_amount: string | number | bigint;
  day_return_amount: string | number | bigint;
  valid_days: number;
  created_at: string;
  ends_ms: string | number | bigint;
  status: string;
  name: string;
  image_url: string;
};

function orderQuery(k: Kysely<Database>, userId: number) {
  return k
    .selectFrom('orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select([
      'o.id',
      'o.product_id',
      'o.quantity',
      'o.unit_price',
      'o.amount',
      'o.coupon_amount',
      'o.day_return_amount',
      'o.valid_days',
      'o.created_at',
      'o.ends_ms',
      'o.status',
      'p.name',
      'p.image_url',
    ])
    .where('o.user_id', '=', userId);
}

async function toViews(k: Kysely<Database>, rows: OrderRow[], baseUrl: string): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const stats = await k
    .selectFrom('income_accruals')
    .select(['order_id', 'status'])
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.sum<string | number>('amount').as('total')])
    .where('order_id', 'in', rows.map((r) => r.id))
    .groupBy(['order_id', 'status'])
    .execute();
  return rows.map((r) => {
    const paid = stats.find((s) => s.order_id === r.id && s.status === 'Paid');
    const delayed = stats.find((s) => s.order_id === r.id && s.status === 'Delayed');
    const dayReturn = toMicro(r.day_return_amount);
    const daily = dayReturn * BigInt(r.quantity);
    return {
      id: r.id,
      productId: r.product_id,
      productName: r.name,
      productImg: r.image_url.startsWith('/') ? baseUrl + r.image_url : r.image_url,
      quantity: r.quantity,
      price: toMicro(r.unit_price).toString(),
      amount: toMicro(r.amount).toString(),
      couponAmount: toMicro(r.coupon_amount).toString(),
      dayReturnAmount: dayReturn.toString(),
      dailyIncome: daily.toString(),
      validDays: r.valid_days,
      walletotal: (daily * BigInt(r.valid_days)).toString(),
      earned: paid ? toMicro(paid.total).toString() : '0',
      daysPaid: paid ? Number(paid.n) : 0,
      daysDelayed: delayed ? Number(delayed.n) : 0,
      createTime: r.created_at,
      expireTime: new Date(Number(r.ends_ms)).toISOString(),
      status: r.status === 'Expired' ? 'Expired' : 'Valid',
    };
  });
}

export async function orderById(k: Kysely<Database>, userId: number, orderId: number, baseUrl: string): Promise<OrderView | null> {
  const row = await orderQuery(k, userId).where('o.id', '=', orderId).executeTakeFirst();
  return row ? (await toViews(k, [row], baseUrl))[0] : null;
}

export async function listOrders(
  k: Kysely<Database>,
  userId: number,
  paging: { pageNum: number; pageSize: number },
  status: 'Valid' | 'Expired' | null,
  baseUrl: string,
): Promise<Page<OrderView>> {
  let count = k.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId);
  let rows = orderQuery(k, userId);
  if (status) {
    count = count.where('status', '=', status);
    rows = rows.where('o.status', '=', status);
  }
  const total = await count.executeTakeFirstOrThrow();
  const page = await rows
    .orderBy('o.id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.pageNum - 1) * paging.pageSize)
    .execute();
  return { total: Number(total.n), list: await toViews(k, page, baseUrl) };
}

export async function orderTotals(k: Kysely<Database>, userId: number) {
  const rows = await k
    .selectFrom('orders')
    .select(['status', 'amount', 'day_return_amount', 'quantity', 'valid_days'])
    .where('user_id', '=', userId)
    .execute();
  const earned = await k
    .selectFrom('income_accruals')
    .select((eb) => eb.fn.sum<string | number | null>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'Paid')
    .executeTakeFirstOrThrow();
  let invested = 0n;
  let expected = 0n;
  for (const r of rows) {
    invested += toMicro(r.amount);
    expected += toMicro(r.day_return_amount) * BigInt(r.quantity) * BigInt(r.valid_days);
  }
  return {
    orders: rows.length,
    validOrders: rows.filter((r) => r.status === 'Valid').length,
    invested: invested.toString(),
    earned: BigInt(earned.total ?? 0).toString(),
    expectedTotal: expected.toString(),
  };
}

export async function orderDays(
  k: Kysely<Database>,
  userId: number,
  orderId: number,
  paging: { pageNum: number; pageSize: number },
  locale: LocaleTag,
) {
  const order = await k.selectFrom('orders').select('id').where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  if (!order) throw new AppError(404, 'orderNotFound');
  const total = await k
    .selectFrom('income_accruals')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const rows = await k
    .selectFrom('income_accruals')
    .select(['day', 'amount', 'accrued_at', 'status', 'reason'])
    .where('order_id', '=', orderId)
    .orderBy('day')
    .limit(paging.pageSize)
    .offset((paging.pageNum - 1) * paging.pageSize)
    .execute();
  return {
    total: Number(total.n),
    list: rows.map((r) => ({
      day: r.day,
      amount: toMicro(r.amount).toString(),
      accruedAt: r.accrued_at,
      status: r.status === 'Paid' ? ('Paid' as const) : ('Delayed' as const),
      reason: r.status === 'Delayed' ? delayReasonText(locale, r.reason) : null,
    })),
  };
}

export function delayReasonText(locale: LocaleTag, reason: string | null): string {
  return reason === DELAY_REASON_POOL || !reason ? translate(locale, 'delayReasonPoolShort') : reason;
}
