/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import type { TrackRecord, TrackRecordWindow } from '../../api/track-record';
import { renderWithI18n } from '../../testing/render-with-i18n';
import { durationParts } from './track-record-figures';
import { TrackRecordView } from './track-record-panel';

const THROUGH = Date.parse('2026-03-01T09:00:00.000Z');
const DAY = 86_400_000;

function window(days: number, overrides: Partial<TrackRecordWindow> = {}): TrackRecordWindow {
  return {
    days,
    from: new Date(THROUGH - days * DAY).toISOString(),
    firstDueAt: null,
    due: 0,
    onTime: 0,
    late: 0,
    owed: 0,
    medianDelayMinutes: null,
    longestDelayMinutes: null,
    oldestOwedMinutes: null,
    dueAmount: '0',
    paidAmount: '0',
    unitDays: 0,
    paidPerUnitDay: null,
    daily: Array.from({ length: days }, () => ({ onTime: 0, late: 0, owed: 0 })),
    ...overrides,
  };
}

function record(windows: TrackRecordWindow[]): TrackRecord {
  return { asOf: '2026-03-01T10:00:00.000Z', countedThrough: new Date(THROUGH).toISOString(), graceMinutes: 60, statedDailyReturn: '2000000', windows };
}

describe('TrackRecordView', () => {
  it('says plainly that a product without a due day has no record, not an estimate', async () => {
    await renderWithI18n(<TrackRecordView record={record([window(30), window(90)])} scope="product" />);
    expect(screen.getByTestId('track-empty').textContent).toBe(
      'No payment of this product fell due in the last 30 days, so there is no track record to show yet. The daily return above is what the product states, not what it has paid.',
    );
    expect(screen.queryByTestId('track-chart')).toBeNull();
  });

  it('shows the days due, on time, late (how late) and owed, the amounts, and switches to 90 days', async () => {
    const daily = Array.from({ length: 30 }, () => ({ onTime: 1, late: 0, owed: 0 }));
    daily[28] = { onTime: 0, late: 1, owed: 0 };
    daily[29] = { onTime: 0, late: 0, owed: 1 };
    const last30 = window(30, {
      firstDueAt: new Date(THROUGH - 20 * DAY).toISOString(),
      due: 30,
      onTime: 28,
      late: 1,
      owed: 1,
      medianDelayMinutes: 1620,
      longestDelayMinutes: 1620,
      oldestOwedMinutes: 90,
      dueAmount: '60000000',
      paidAmount: '58000000',
      unitDays: 30,
      paidPerUnitDay: '1930000',
      daily,
    });
    const last90 = window(90, { ...last30, days: 90, from: new Date(THROUGH - 90 * DAY).toISOString(), due: 31, onTime: 29, daily: [...Array.from({ length: 60 }, () => ({ onTime: 0, late: 0, owed: 0 })), ...daily] });
    await renderWithI18n(<TrackRecordView record={record([last30, last90])} scope="order" />);
    expect(screen.getByTestId('track-due').textContent).toBe('30');
    expect(screen.getByTestId('track-on-time').textContent).toBe('28');
    expect(screen.getByTestId('track-late').textContent).toBe('1');
    expect(screen.getByTestId('track-owed').textContent).toBe('1');
    expect(screen.getByTestId('track-delay').textContent).toBe('Late payments came 1 d 3 h after they were due (median), 1 d 3 h at the longest.');
    expect(screen.getByTestId('track-waiting').textContent).toBe('The oldest unpaid payment has been waiting 1 h 30 min.');
    expect(screen.getByTestId('track-amounts').textContent).toBe('Paid 58.00 USDT of 60.00 USDT due.');
    expect(screen.getByTestId('track-per-machine').textContent).toBe('Per machine and day: 1.93 USDT paid on average, against 2.00 USDT stated.');
    expect(screen.getByText(/History only from/)).toBeTruthy();
    expect(screen.getByTestId('track-chart').getAttribute('aria-label')).toBe('One bar per day over the last 30 days: 28 payments on time, 1 late, 1 still owed.');
    fireEvent.click(screen.getByText('Last 90 days'));
    expect(screen.getByTestId('track-due').textContent).toBe('31');
  });

  it('says a delay in the two largest units', () => {
    expect(durationParts(45)).toEqual({ unit: 'minutes', minutes: 45 });
    expect(durationParts(61)).toEqual({ unit: 'hours', hours: 1, minutes: 1 });
    expect(durationParts(5940)).toEqual({ unit: 'days', days: 4, hours: 3 });
    expect(durationParts(1441)).toEqual({ unit: 'wholeDays', days: 1 });
    expect(durationParts(120)).toEqual({ unit: 'wholeHours', hours: 2 });
  });
});
