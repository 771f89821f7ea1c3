import { isTimeZone, localDay, previousDay, shareOf, signStreak } from './team';

describe('team rules', () => {
  it('takes a share in basis points, rounded down, and refuses rates outside 0..100 %', () => {
    expect(shareOf(100_000_000n, 500)).toBe(5_000_000n);
    expect(shareOf(3n, 3333)).toBe(0n);
    expect(shareOf(100_000_000n, 0)).toBe(0n);
    expect(() => shareOf(1n, 10_001)).toThrow();
    expect(() => shareOf(1n, 1.5)).toThrow();
  });
});

describe('sign-in days', () => {
  it('counts the calendar day in the member\'s time zone', () => {
    const at = new Date('2026-03-01T20:00:00Z');
    expect(localDay(at, 'UTC')).toBe('2026-03-01');
    expect(localDay(at, 'Asia/Kolkata')).toBe('2026-03-02');
    expect(localDay(at, 'America/New_York')).toBe('2026-03-01');
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
  it('counts the streak back from today or yesterday', () => {
    expect(signStreak(['2026-03-02', '2026-03-01', '2026-02-28', '2026-02-26'], '2026-03-02')).toBe(3);
    expect(signStreak(['2026-03-01', '2026-02-28'], '2026-03-02')).toBe(2);
    expect(signStreak(['2026-02-27'], '2026-03-02')).toBe(0);
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
  });
});
