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
async function payments(db: Db, scope: Scope, last: LastRun, fromMs: bigint, throughMs: bigint): Promise<PaymentGroup[]> {
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
  const lastMs = last.asOf ? new Date(last.asOf).getTime() : -1;
  const unrecorded =
    lastMs < Number(throughMs)
      ? sql`
    UNION ALL
    SELECT (c.due_ms - ${fromMs} - 1) / ${day} AS bucket, 'owed' AS cls, 0 AS delay_minutes, c.amount, o.quantity, c.due_ms
    FROM (${dueDays(db.dialect, lastMs, Number(throughMs), last.asOf ? last.maxOrderId : 0)}) AS c
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

/** The accrual job's last run: until the next one, only time passing (a stopped job) changes a record. */
interface LastRun {
  asOf: string | null;
  maxOrderId: number;
}

async function lastRun(db: Db): Promise<LastRun> {
  const last = await db.kysely
    .selectFrom('job_runs')
    .select((eb) => [eb.fn.max('as_of').as('as_of'), eb.fn.max('max_order_id').as('max_order_id')])
    .where('job', '=', 'accrual')
    .executeTakeFirst();
  return { asOf: last?.as_of ?? null, maxOrderId: Number(last?.max_order_id ?? 0) };
}

async function trackRecord(db: Db, scope: Scope, last: LastRun, statedDailyReturn: bigint, now: Date): Promise<TrackRecord> {
  const nowMs = now.getTime();
  const throughMs = nowMs - GRACE_MS;
  const fromMs = BigInt(throughMs - LONGEST_WINDOW_DAYS * DAY_MS);
  const groups = await payments(db, scope, last, fromMs, BigInt(throughMs));
  return {
    asOf: now.toISOString(),
    countedThrough: new Date(throughMs).toISOString(),
    graceMinutes: GRACE_MS / 60_000,
    statedDailyReturn: statedDailyReturn.toString(),
    windows: WINDOW_DAYS.map((days) => windowFigures(groups, days, throughMs, nowMs)),
  };
}

/**
 * A product's record reads every payment of the product in 90 days (450 000 rows at 5 000 orders, seconds of
 * the database's time), on a public page: each instance keeps the last one per product, with its moment
 * (`asOf`), until the job runs again or RECOMPUTE_MS passes, and concurrent requests share one reading.
 */
const RECOMPUTE_MS = 5 * 60_000;
interface KeptRecord {
  lastRunAsOf: string | null;
  computedAtMs: number;
  record: Promise<TrackRecord | null>;
}
const keptRecords = new WeakMap<Db, Map<number, KeptRecord>>();

/** A product's track record over every order of it; null when there is no such product. */
export async function productTrackRecord(db: Db, productId: number, now: Date): Promise<TrackRecord | null> {
  const last = await lastRun(db);
  let kept = keptRecords.get(db);
  if (!kept) keptRecords.set(db, (kept = new Map()));
  const hit = kept.get(productId);
  if (hit && hit.lastRunAsOf === last.asOf && now.getTime() - hit.computedAtMs < RECOMPUTE_MS) return hit.record;
  const record = (async () => {
    const product = await db.kysely.selectFrom('products').select('day_return_micro').where('id', '=', productId).executeTakeFirst();
    return product ? trackRecord(db, { productId }, last, BigInt(product.day_return_micro), now) : null;
  })();
  kept.set(productId, { lastRunAsOf: last.asOf, computedAtMs: now.getTime(), record });
  record.catch(() => {
    if (kept.get(productId)?.record === record) kept.delete(productId);
  });
  return record;
}

/** One order's track record; null when the member has no such order (another member's included). */
export async function orderTrackRecord(db: Db, userId: number, orderId: number, now: Date): Promise<TrackRecord | null> {
  const order = await db.kysely.selectFrom('orders').select('day_return_amount').where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  if (!order) return null;
  return trackRecord(db, { orderId }, await lastRun(db), BigInt(order.day_return_amount), now);
}
