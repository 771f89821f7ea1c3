/**
 * The period filter of the records screens: one calendar month ("2026-11") in the member's time zone,
 * read as the half-open range of instants [from, to) that the ledger's ISO times are compared with.
 */

/** A month as the records filter takes it: YYYY-MM. */
export const RECORD_MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

export function isRecordMonth(value: string): boolean {
  return new RegExp(RECORD_MONTH_PATTERN).test(value);
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffsetMs(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant local midnight of day 1 of (year, month 1..12, may be 13) starts in `zone`. */
function monthStart(year: number, month: number, zone: string): number {
  const wall = Date.UTC(year, month - 1, 1);
  // Twice: the offset at the guess can differ from the offset at the answer across a DST change.
  const first = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(first, zone);
}

/** [from, to) of a YYYY-MM month in an IANA zone, as ISO instants like the ledger's `created_at`. */
export function recordMonthRange(month: string, zone: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number);
  return { from: new Date(monthStart(year, number, zone)).toISOString(), to: new Date(monthStart(year, number + 1, zone)).toISOString() };
}
