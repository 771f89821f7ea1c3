import type { LocaleTag, Order as OrderView, Page } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { countedPage, type Paging } from '../../db/paging';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { DELAY_REASON_POOL } from '../../jobs/accrual';

/** The read side of orders: what a member sees of their orders and their income days. Writes nothing. */

export type OrderRow = {
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
  sold_at: string | null;
  sold_amount: string | number | bigint | null;
  name: string;
  image_url: string;
  days_paid: string | number | bigint | null;
  earned: string | number | bigint | null;
  days_delayed: string | number | bigint | null;
};

function orderQuery(k: Kysely<Database>, userId: number) {
  return orderSelect(k).where('o.user_id', '=', userId);
}

/** Orders with what their views show; every caller narrows it to one member's or to known ids. */
function orderSelect(k: Kysely<Database>) {
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
      'o.sold_at',
      'o.sold_amount',
      'p.name',
      'p.image_url',
    ])
    // The order's income days, in the same query (one statement for a list or an order).
    .select((eb) => {
      const days = (status: 'Paid' | 'Delayed') => eb.selectFrom('income_accruals as a').whereRef('a.order_id', '=', 'o.id').where('a.status', '=', status);
      return [
        days('Paid').select((a) => a.fn.countAll<string | number>().as('n')).as('days_paid'),
        days('Paid').select((a) => a.fn.sum<string | number>('a.amount').as('total')).as('earned'),
        days('Delayed').select((a) => a.fn.countAll<string | number>().as('n')).as('days_delayed'),
      ];
    });
}

function toViews(rows: OrderRow[], baseUrl: string): OrderView[] {
  return rows.map((r) => {
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
      earned: r.earned === null ? '0' : toMicro(r.earned).toString(),
      daysPaid: Number(r.days_paid ?? 0),
      daysDelayed: Number(r.days_delayed ?? 0),
      createTime: r.created_at,
      expireTime: new Date(Number(r.ends_ms)).toISOString(),
      status: r.status === 'Expired' || r.status === 'Sold' ? r.status : 'Valid',
      soldTime: r.sold_at,
      soldAmount: r.sold_amount === null ? null : toMicro(r.sold_amount).toString(),
    };
  });
}

/** One order's view from its row (`orderRowsById`). */
export function toOrderView(row: OrderRow, baseUrl: string): OrderView {
  return toViews([row], baseUrl)[0]!;
}

/**
 * The rows of orders the caller knows by id, whoever's they are, in one query (a batch of purchases
 * answers each member with their order read inside the batch's transaction).
 */
export async function orderRowsById(k: Kysely<Database>, orderIds: readonly number[]): Promise<Map<number, OrderRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await orderSelect(k).where('o.id', 'in', [...new Set(orderIds)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function orderById(k: Kysely<Database>, userId: number, orderId: number, baseUrl: string): Promise<OrderView | null> {
  const row = await orderQuery(k, userId).where('o.id', '=', orderId).executeTakeFirst();
  return row ? toViews([row], baseUrl)[0] : null;
}

export async function listOrders(
  k: Kysely<Database>,
  userId: number,
  paging: Paging,
  status: OrderView['status'] | null,
  baseUrl: string,
): Promise<Page<OrderView>> {
  let counted = k.selectFrom('orders').where('user_id', '=', userId);
  let rows = orderQuery(k, userId);
  if (status) {
    counted = counted.where('status', '=', status);
    rows = rows.where('o.status', '=', status);
  }
  const { total, rows: page } = await countedPage(counted, rows.orderBy('o.id', 'desc'), paging);
  return { total, list: toViews(page, baseUrl) };
}

export async function orderTotals(k: Kysely<Database>, userId: number) {
  const rows = await k
    .selectFrom('orders')
    .select(['status', 'amount', 'day_return_amount', 'quantity', 'valid_days', 'kept_days'])
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
    // A sold-back order earns only its kept days.
    expected += toMicro(r.day_return_amount) * BigInt(r.quantity) * BigInt(r.kept_days ?? r.valid_days);
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
  paging: Paging,
  locale: LocaleTag,
) {
  const order = await k.selectFrom('orders').select('id').where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  if (!order) throw new AppError(404, 'orderNotFound');
  const days = k.selectFrom('income_accruals').where('order_id', '=', orderId);
  const { total, rows } = await countedPage(days, days.select(['day', 'amount', 'accrued_at', 'status', 'reason']).orderBy('day'), paging);
  return {
    total,
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
