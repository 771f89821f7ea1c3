import { countdownParts } from './countdown';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

describe('countdownParts', () => {
  it('counts down to the target as HH:MM:SS', () => {
    const parts = countdownParts('2026-03-01T11:02:03.000Z', NOW);
    expect(parts).toMatchObject({ days: 0, hours: 1, minutes: 2, seconds: 3, clock: '01:02:03', done: false });
    expect(countdownParts('2026-03-01T11:02:03.000Z', NOW + 1000).clock).toBe('01:02:02');
  });

  it('splits whole days off the clock', () => {
    const parts = countdownParts('2026-03-03T13:00:05.000Z', NOW);
    expect(parts).toMatchObject({ days: 2, hours: 3, minutes: 0, seconds: 5, clock: '03:00:05' });
  });

  it('shows the last partial second instead of zeros', () => {
    expect(countdownParts(NOW + 400, NOW)).toMatchObject({ clock: '00:00:01', done: false });
  });

  it('clamps at zero once the target has passed and never loops', () => {
    expect(countdownParts('2026-03-01T09:59:59.000Z', NOW)).toMatchObject({ remainingMs: 0, days: 0, clock: '00:00:00', done: true });
    expect(countdownParts('2026-02-01T00:00:00.000Z', NOW).clock).toBe('00:00:00');
    expect(countdownParts(NOW, NOW).done).toBe(true);
  });

  it('treats a missing or unreadable target as finished', () => {
    expect(countdownParts('', NOW).clock).toBe('00:00:00');
    expect(countdownParts('not a date', NOW).clock).toBe('00:00:00');
    expect(countdownParts(null, NOW).done).toBe(true);
  });
});
