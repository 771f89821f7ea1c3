import type { TrackRecord } from '@rigshare/api-schema';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect';
import { DAY_MS, dueDays } from '../../jobs/accrual';
import { GRACE_MS, LONGEST_WINDOW_DAYS, WINDOW_DAYS, windowFigures, type PaymentClass, type PaymentGroup } from './figures';

/** Whose payments: every order of a product, or one order. */
type Scope = { productId: number } | { orderId: number };

/** The scope as a condition on `o` (orders), narrowed to orders with a day due after `fromMs`. */
function scopeCondition(scope: Scope, fromMs: bigint): RawBuilder<unknown> {
  return 'productId' in scope ? sql`o.product_id = ${scope.productId} AND o.ends_ms > ${fromMs}` : sql`o.id = ${scope.orderId}`;
}

/** When a paid day was paid, epoch ms, from its ISO text (accrued_at). */
function paidMs(dialect: Db['dialect']): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`CAST(EXTRACT(EPOCH FROM CAST(a.accrued_at AS TIMESTAMPTZ)) * 1000 AS BIGINT)`
    : sql`CAST(ROUND((julianday(a.accrued_at) - 2440587.5) * 86400000) AS INTEGER)`;
}

interface GroupRow {
  bucket: number | string | bigint;
  cls: string;
  delay_minutes: number | string | bigint;
  n: number | string | bigint;
  amount: number | string | bigint;
  units: number | string | bigint;
  first_due: number | string | bigint;
}

function toGroup(r: GroupRow): PaymentGroup {
  return {
    bucket: Number(r.bucket),
    cls: r.cls as PaymentClass,
    delayMinutes: Number(r.delay_minutes),
    count: Number(r.n),
    amount: BigInt(r.amount),
    units: Number(r.units),
    firstDueMs: Number(r.first_due),
  };
}

/**
 * The payments (one per order and day) that fell due in (fromMs, throughMs], grouped by 24 h bucket, kind
 * and delay: on time when paid within the grace period of falling due, late after it, owed while unpaid.
 * Recorded days are the income_accruals rows. Days that fell due after the accrual job's last run have
 * no row yet and are owed: normally none (the job runs every minute and throughMs is the grace period
 * ago), but when the job has stopped they are what it would record next.
 *
 * One statement, so it reads one snapshot: a run that commits after the last run was read has its days
 * counted as rows, and the same days are left out of the unrecorded ones by NOT EXISTS.
 */
async function payments(db: Db, scope: Scope, fromMs: bigint, throughMs: bigint): Promise<PaymentGroup[]> {
  const paid = paidMs(db.dialect);
  const grace = BigInt(GRACE_MS);
  const day = BigInt(DAY_MS);
  const recorded = sql`
    SELECT (a.due_ms - ${fromMs} - 1) / ${day} AS bucket,
           CASE WHEN a.status <> 'Paid' THEN 'owed' WHEN ${paid} - a.due_ms <= ${grace} THEN 'onTime' ELSE 'late' END AS cls,
           CASE WHEN a.status = 'Paid' AND ${paid} - a.due_ms > ${grace} THEN (${paid} - a.due_ms) / 60000 ELSE 0 END AS delay_minutes,
           a.amount, o.quantity, a.due_ms
    FROM orders o JOIN income_accruals a ON a.order_id = o.id
    WHERE ${scopeCondition(scope, fromMs)} AND a.due_ms > ${fromMs} AND a.due_ms <= ${throughMs}`;
  const last = await db.kysely
    .selectFrom('job_runs')
    .select((eb) => [eb.fn.max('as_of').as('as_of'), eb.fn.max('max_order_id').as('max_order_id')])
    .where('job', '=', 'accrual')
    .executeTakeFirst();
  const lastMs = last?.as_of ? new Date(last.as_of).getTime() : -1;
  const unrecorded =
    lastMs < Number(throughMs)
      ? sql`
    UNION ALL
    SELECT (c.due_ms - ${fromMs} - 1) / ${day} AS bucket, 'owed' AS cls, 0 AS delay_minutes, c.amount, o.quantity, c.due_ms
    FROM (${dueDays(db.dialect, lastMs, Number(throughMs), last?.as_of ? Number(last.max_order_id ?? 0) : 0)}) AS c
    JOIN orders o ON o.id = c.order_id
    WHERE ${scopeCondition(scope, fromMs)} AND c.due_ms > ${fromMs}
      AND NOT EXISTS (SELECT 1 FROM income_accruals a WHERE a.order_id = c.order_id AND a.day = c.day)`
      : sql``;
  const { rows } = await sql<GroupRow>`
    SELECT bucket, cls, delay_minutes, COUNT(*) AS n, SUM(amount) AS amount, SUM(quantity) AS units, MIN(due_ms) AS first_due
    FROM (${recorded} ${unrecorded}) AS p
    GROUP BY bucket, cls, delay_minutes`.execute(db.kysely);
  return rows.map(toGroup);
}

async function trackRecord(db: Db, scope: Scope, statedDailyReturn: bigint, now: Date): Promise<TrackRecord> {
  const nowMs = now.getTime();
  const throughMs = nowMs - GRACE_MS;
  const fromMs = BigInt(throughMs - LONGEST_WINDOW_DAYS * DAY_MS);
  const groups = await payments(db, scope, fromMs, BigInt(throughMs));
  return {
    asOf: now.toISOString(),
    countedThrough: new Date(throughMs).toISOString(),
    graceMinutes: GRACE_MS / 60_000,
    statedDailyReturn: statedDailyReturn.toString(),
    windows: WINDOW_DAYS.map((days) => windowFigures(groups, days, throughMs, nowMs)),
  };
}

/** A product's track record over every order of it; null when there is no such product. */
export async function productTrackRecord(db: Db, productId: number, now: Date): Promise<TrackRecord | null> {
  const product = await db.kysely.selectFrom('products').select('day_return_micro').where('id', '=', productId).executeTakeFirst();
  if (!product) return null;
  return trackRecord(db, { productId }, BigInt(product.day_return_micro), now);
}

/** One order's track record; null when the member has no such order (another member's included). */
export async function orderTrackRecord(db: Db, userId: number, orderId: number, now: Date): Promise<TrackRecord | null> {
  const order = await db.kysely.selectFrom('orders').select('day_return_amount').where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  if (!order) return null;
  return trackRecord(db, { orderId }, BigInt(order.day_return_amount), now);
}
