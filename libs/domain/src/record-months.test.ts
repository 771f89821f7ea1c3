import { isRecordMonth, recordMonthRange } from './record-months';

it('takes YYYY-MM months only', () => {
  expect(isRecordMonth('2026-11')).toBe(true);
  for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', '', 'abcd-ef']) expect(isRecordMonth(bad)).toBe(false);
});

it('bounds a month at local midnight of its first day and of the next month', () => {
  expect(recordMonthRange('2026-11', 'UTC')).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' });
  // India: UTC+05:30 all year.
  expect(recordMonthRange('2026-11', 'Asia/Kolkata')).toEqual({ from: '2026-10-31T18:30:00.000Z', to: '2026-11-30T18:30:00.000Z' });
  // December runs into January of the next year.
  expect(recordMonthRange('2026-12', 'UTC').to).toBe('2027-01-01T00:00:00.000Z');
});

it('follows daylight saving time at both ends of a month', () => {
  // Berlin: March starts in winter time (UTC+1) and ends in summer time (UTC+2).
  expect(recordMonthRange('2026-03', 'Europe/Berlin')).toEqual({ from: '2026-02-28T23:00:00.000Z', to: '2026-03-31T22:00:00.000Z' });
  // New York: November starts in summer time (UTC-4), December in winter time (UTC-5).
  expect(recordMonthRange('2026-11', 'America/New_York')).toEqual({ from: '2026-11-01T04:00:00.000Z', to: '2026-12-01T05:00:00.000Z' });
});
