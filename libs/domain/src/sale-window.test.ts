import { saleState } from './sale-window';

const START = '2026-03-01T10:00:00.000Z';
const END = '2026-03-10T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('saleState: the sale window is [start, end) for every status', () => {
  const base = { status: 1, startTime: START, endTime: END, unitsLeft: 10 };

  it.each([
    ['one millisecond before the start', '2026-03-01T09:59:59.999Z', 'notStarted'],
    ['at the start instant', START, 'open'],
    ['inside the window', '2026-03-05T00:00:00.000Z', 'open'],
    ['one millisecond before the end', '2026-03-10T09:59:59.999Z', 'open'],
    ['at the end instant', END, 'ended'],
    ['after the end', '2026-03-11T00:00:00.000Z', 'ended'],
  ] as const)('%s: %s', (_label, now, expected) => {
    for (const status of [1, 5, 6]) expect(saleState({ ...base, status }, at(now))).toBe(expected);
  });

  it('is sold out for status 3 or when no units are left, whatever the time', () => {
    expect(saleState({ ...base, status: 3 }, at('2026-03-05T00:00:00.000Z'))).toBe('soldOut');
    expect(saleState({ ...base, unitsLeft: 0 }, at('2026-03-05T00:00:00.000Z'))).toBe('soldOut');
  });

  it('never opens a sale whose times cannot be read', () => {
    expect(saleState({ ...base, startTime: 'soon' }, at('2026-03-05T00:00:00.000Z'))).toBe('notStarted');
    expect(saleState({ ...base, endTime: '' }, at('2026-03-05T00:00:00.000Z'))).toBe('ended');
  });
});
