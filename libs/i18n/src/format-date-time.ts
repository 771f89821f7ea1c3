/** A date-time in the reader's language, e.g. "12 Mar 2026, 10:00"; an unreadable value is returned as given. */
export function formatDateTime(iso: string, language: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  } catch {
    return new Date(time).toISOString();
  }
}
