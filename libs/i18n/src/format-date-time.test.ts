import { formatDateTime } from './format-date-time';

const AT = '2026-03-12T10:00:00.000Z';

it('writes a date-time in the language asked for each time, whichever language came before', () => {
  const english = formatDateTime(AT, 'en-US');
  const german = formatDateTime(AT, 'de-DE');
  expect(english).toContain('2026');
  expect(english).toMatch(/Mar/);
  expect(german).toMatch(/^12\.03\.2026/);
  // The formatter kept for one language is not handed to another.
  expect(formatDateTime(AT, 'en-US')).toBe(english);
  expect(formatDateTime(AT, 'de-DE')).toBe(german);
});

it('returns an unreadable value as given, and an ISO time for a language tag Intl refuses', () => {
  expect(formatDateTime('not a date', 'en-US')).toBe('not a date');
  expect(formatDateTime(AT, 'no such_language!')).toBe(AT);
});
