import type { TrackRecordDay, TrackRecordWindow } from '../../api/track-record';

/** A delay in whole minutes as the largest two units that say it (days and hours, hours and minutes, or minutes), without a second unit of 0. */
export type DurationParts =
  | { unit: 'days'; days: number; hours: number }
  | { unit: 'wholeDays'; days: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'wholeHours'; hours: number }
  | { unit: 'minutes'; minutes: number };

export function durationParts(totalMinutes: number): DurationParts {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  if (minutes >= 1440) {
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    return hours === 0 ? { unit: 'wholeDays', days } : { unit: 'days', days, hours };
  }
  if (minutes >= 60) {
    const hours = Math.floor(minutes / 60);
    return minutes % 60 === 0 ? { unit: 'wholeHours', hours } : { unit: 'hours', hours, minutes: minutes % 60 };
  }
  return { unit: 'minutes', minutes };
}

/** One bar of the chart: a 24 h's payments as shares of its height (0..1, bottom up: on time, late, owed); null when nothing fell due. */
export interface DayBar {
  onTime: number;
  late: number;
  owed: number;
}

export function dayBars(daily: TrackRecordDay[]): (DayBar | null)[] {
  return daily.map((d) => {
    const due = d.onTime + d.late + d.owed;
    return due === 0 ? null : { onTime: d.onTime / due, late: d.late / due, owed: d.owed / due };
  });
}

/** Whether the window holds less history than its length: its first payment fell due more than a day after it starts. */
export function startsLate(window: TrackRecordWindow): boolean {
  return window.firstDueAt !== null && Date.parse(window.firstDueAt) - Date.parse(window.from) > 86_400_000;
}
