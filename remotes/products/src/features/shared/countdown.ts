/** Pure countdown arithmetic: no clock reads, so it is testable and the hook only supplies `now`. */

export interface CountdownParts {
  /** Milliseconds left, never below zero. */
  remainingMs: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Hours, minutes and seconds after whole days, as HH:MM:SS. */
  clock: string;
  done: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Milliseconds of a target given as an ISO string, epoch milliseconds or Date; NaN when unreadable. */
export function targetTime(target: string | number | Date | null | undefined): number {
  if (target === null || target === undefined || target === '') return Number.NaN;
  if (target instanceof Date) return target.getTime();
  return typeof target === 'number' ? target : Date.parse(target);
}

/** What is left until `target` at `now`; an unreadable or past target is zero (the badge shows 00:00:00). */
export function countdownParts(target: string | number | Date | null | undefined, now: number): CountdownParts {
  const end = targetTime(target);
  const remainingMs = Number.isFinite(end) ? Math.max(0, end - now) : 0;
  // Whole seconds left, rounded up so the last second shows 00:00:01 rather than zeros early.
  const totalSeconds = Math.ceil(remainingMs / SECOND);
  const days = Math.floor((totalSeconds * SECOND) / DAY);
  const rest = totalSeconds * SECOND - days * DAY;
  const hours = Math.floor(rest / HOUR);
  const minutes = Math.floor((rest % HOUR) / MINUTE);
  const seconds = Math.floor((rest % MINUTE) / SECOND);
  return {
    remainingMs,
    days,
    hours,
    minutes,
    seconds,
    clock: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`,
    done: totalSeconds === 0,
  };
}
