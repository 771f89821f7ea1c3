/** What a batch of purchases reads before deciding them (features/orders/service.ts, steps 2 and 3). Writes nothing. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FIRST_ORDER_BONUS_KEY, type CreateOrderInput } from './purchase';

export interface History {
  /** `user:requestId` -> the order it made, with the content it was made for. */
  orders: Map<string, { id: number; hash: string }>;
  /** Members with an order. */
  ordered: Set<number>;
  /** Members whose free first day was paid. */
  bonusPaid: Set<number>;
}

/** The key of the units a member holds of a product. */
export const holding = (userId: number, productId: number) => `${userId}:${productId}`;

/** The members' orders, in one statement (step 2). */
export async function purchaseHistory(trx: Kysely<Database>, inputs: readonly CreateOrderInput[]): Promise<History> {
  const members = [...new Set(inputs.map((i) => i.userId))];
  const requestIds = [...new Set(inputs.map((i) => i.requestId))];
  // Three reads of one shape: the orders of these members with one of these requestIds (a superset of
  // the pairs, narrowed below), the members with any order, the free first days paid.
  const rows = await sql<{ kind: 'order' | 'ordered' | 'bonus'; user_id: number | null; order_id: number | null; request_id: string | null; request_hash: string | null }>`
    SELECT 'order' AS kind, user_id, id AS order_id, request_id, request_hash FROM orders
      WHERE user_id IN (${sql.join(members)}) AND request_id IN (${sql.join(requestIds)})
    UNION ALL
    SELECT 'ordered', u.id, NULL, NULL, NULL FROM users u
      WHERE u.id IN (${sql.join(members)}) AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
    UNION ALL
    SELECT 'bonus', NULL, NULL, idempotency_key, NULL FROM ledger_transfers
      WHERE idempotency_key IN (${sql.join(members.map(FIRST_ORDER_BONUS_KEY))})`.execute(trx);
  const history: History = { orders: new Map(), ordered: new Set(), bonusPaid: new Set() };
  const bonusOwner = new Map(members.map((id) => [FIRST_ORDER_BONUS_KEY(id), id]));
  for (const row of rows.rows) {
    if (row.kind === 'order') history.orders.set(`${row.user_id}:${row.request_id}`, { id: Number(row.order_id), hash: row.request_hash! });
    else if (row.kind === 'ordered') history.ordered.add(Number(row.user_id));
    else history.bonusPaid.add(bonusOwner.get(row.request_id!)!);
  }
  return history;
}

/** What a purchase reads of its product, named so PostgreSQL keeps the statement prepared (db/prepared-statements.ts). */
function findProducts(trx: Kysely<Database>, productIds: number[]) {
  return trx
    .selectFrom('products')
    .select(['id', 'name', 'image_url', 'status', 'start_time', 'end_time', 'units_offered', 'units_sold', 'max_buy', 'price_micro', 'day_return_micro', 'valid_days'])
    .where('id', 'in', productIds)
    .execute();
}

export type Product = NonNullable<Awaited<ReturnType<typeof findProducts>>>[number];

/** The products the purchases name, by id (step 3). */
export async function productsOf(trx: Kysely<Database>, inputs: readonly CreateOrderInput[]): Promise<Map<number, Product>> {
  const rows = await findProducts(trx, [...new Set(inputs.map((i) => i.productId))]);
  return new Map(rows.map((p) => [p.id, p]));
}

/** The units each member holds of each product that has a maxBuy (none read when no product has one). */
export async function unitsHeld(trx: Kysely<Database>, inputs: readonly CreateOrderInput[], products: Map<number, Product>): Promise<Map<string, number>> {
  const limited = inputs.filter((i) => (products.get(i.productId)?.max_buy ?? -1) !== -1);
  if (limited.length === 0) return new Map();
  const rows = await trx
    .selectFrom('orders')
    .select(['user_id', 'product_id', (eb) => eb.fn.sum<string | number | null>('quantity').as('n')])
    .where('user_id', 'in', [...new Set(limited.map((i) => i.userId))])
    .where('product_id', 'in', [...new Set(limited.map((i) => i.productId))])
    .groupBy(['user_id', 'product_id'])
    .execute();
  return new Map(rows.map((r) => [holding(r.user_id, r.product_id), Number(r.n ?? 0)]));
}

export type CouponRow = NonNullable<Awaited<ReturnType<typeof findCoupons>>>[number];

function findCoupons(trx: Kysely<Database>, userIds: number[], couponIds: number[]) {
  return trx
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select(['uc.id as userCouponId', 'uc.user_id', 'uc.coupon_id', 'uc.used_at', 'c.amount', 'c.min_spend', 'c.product_id', 'c.start_time', 'c.end_time', 'c.active'])
    .where('uc.user_id', 'in', userIds)
    .where('uc.coupon_id', 'in', couponIds)
    .execute();
}

/** The coupons the purchases name, by `user:coupon` (none read when no purchase names one). */
export async function couponsOf(trx: Kysely<Database>, inputs: readonly CreateOrderInput[]): Promise<Map<string, CouponRow>> {
  const withCoupon = inputs.filter((i) => i.couponId !== null);
  if (withCoupon.length === 0) return new Map();
  const rows = await findCoupons(
    trx,
    [...new Set(withCoupon.map((i) => i.userId))],
    [...new Set(withCoupon.map((i) => i.couponId!))],
  );
  return new Map(rows.map((c) => [`${c.user_id}:${c.coupon_id}`, c]));
}
