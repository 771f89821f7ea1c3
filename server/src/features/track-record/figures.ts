import type { TrackRecordDay, TrackRecordWindow } from '@rigshare/api-schema';
import { DAY_MS } from '../../jobs/accrual';

/** A payment made within this long of falling due is on time (the job runs every minute; an hour spares a restart). */
export const GRACE_MS = 3_600_000;
/** The windows shown, shortest first; the longest is the one read from the database. */
export const WINDOW_DAYS = [30, 90] as const;
export const LONGEST_WINDOW_DAYS = WINDOW_DAYS[WINDOW_DAYS.length - 1];

/** An average is shown to the cent, rounded down: it never says more was paid than was. */
const CENT = 10_000n;

export type PaymentClass = 'onTime' | 'late' | 'owed';

/** Payments of one kind that fell due in one 24 h of the longest window, grouped by their delay. */
export interface PaymentGroup {
  /** 0 for the oldest 24 h of the longest window. */
  bucket: number;
  cls: PaymentClass;
  /** Whole minutes after falling due that a late payment was made; 0 otherwise. */
  delayMinutes: number;
  count: number;
  amount: bigint;
  /** The orders' quantities summed: machine-days. */
  units: number;
  /** The earliest due time among them, epoch ms. */
  firstDueMs: number;
}

/** The median of a histogram of whole minutes (the mean of the two middle values when the count is even, rounded down). */
export function medianMinutes(histogram: { minutes: number; count: number }[]): number | null {
  const sorted = [...histogram].filter((h) => h.count > 0).sort((a, b) => a.minutes - b.minutes);
  const total = sorted.reduce((n, h) => n + h.count, 0);
  if (total === 0) return null;
  const valueAt = (position: number) => {
    let seen = 0;
    for (const h of sorted) {
      seen += h.count;
      if (position < seen) return h.minutes;
    }
    return sorted[sorted.length - 1].minutes;
  };
  const lower = valueAt(Math.floor((total - 1) / 2));
  const upper = valueAt(Math.floor(total / 2));
  return Math.floor((lower + upper) / 2);
}

/**
 * One window's figures from the groups of the longest window: the window holds the last `days` buckets.
 * `throughMs` is the end of the last bucket, `nowMs` the moment read (for how long the oldest payment owed has waited).
 */
export function windowFigures(groups: PaymentGroup[], days: number, throughMs: number, nowMs: number): TrackRecordWindow {
  const firstBucket = LONGEST_WINDOW_DAYS - days;
  const inWindow = groups.filter((g) => g.bucket >= firstBucket);
  const daily: TrackRecordDay[] = Array.from({ length: days }, () => ({ onTime: 0, late: 0, owed: 0 }));
  let amount = 0n;
  let paid = 0n;
  let units = 0;
  let firstDue: number | null = null;
  let oldestOwed: number | null = null;
  for (const g of inWindow) {
    daily[g.bucket - firstBucket][g.cls] += g.count;
    amount += g.amount;
    units += g.units;
    if (g.cls !== 'owed') paid += g.amount;
    firstDue = firstDue === null ? g.firstDueMs : Math.min(firstDue, g.firstDueMs);
    if (g.cls === 'owed') oldestOwed = oldestOwed === null ? g.firstDueMs : Math.min(oldestOwed, g.firstDueMs);
  }
  const late = inWindow.filter((g) => g.cls === 'late').map((g) => ({ minutes: g.delayMinutes, count: g.count }));
  const sum = (cls: PaymentClass) => daily.reduce((n, d) => n + d[cls], 0);
  const onTime = sum('onTime');
  const lateCount = sum('late');
  const owed = sum('owed');
  return {
    days,
    from: new Date(throughMs - days * DAY_MS).toISOString(),
    firstDueAt: firstDue === null ? null : new Date(firstDue).toISOString(),
    due: onTime + lateCount + owed,
    onTime,
    late: lateCount,
    owed,
    medianDelayMinutes: medianMinutes(late),
    longestDelayMinutes: late.length ? Math.max(...late.map((l) => l.minutes)) : null,
    oldestOwedMinutes: oldestOwed === null ? null : Math.floor((nowMs - oldestOwed) / 60_000),
    dueAmount: amount.toString(),
    paidAmount: paid.toString(),
    unitDays: units,
    paidPerUnitDay: units === 0 ? null : ((paid / BigInt(units) / CENT) * CENT).toString(),
    daily,
  };
}
