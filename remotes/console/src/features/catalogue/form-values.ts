export const WHOLE = /^\s*\d{1,8}\s*$/;

/** An ISO time as the value of a datetime-local input (the browser's local time, to the minute). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local value (local time) as ISO 8601 UTC. */
export const fromLocalInput = (value: string): string => new Date(value).toISOString();
