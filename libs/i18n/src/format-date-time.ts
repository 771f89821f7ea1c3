/**
 * Building an Intl.DateTimeFormat costs about a hundred times more than using one (and the page's
 * first one, which loads the browser's date data, ~75 ms of a phone's main thread), while a list
 * formats a date per row: each language's formatter is built once and kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string): Intl.DateTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** A date-time in the reader's language, e.g. "12 Mar 2026, 10:00"; an unreadable value is returned as given. */
export function formatDateTime(iso: string, language: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  try {
    return formatterFor(language).format(time);
  } catch {
    return new Date(time).toISOString();
  }
}
