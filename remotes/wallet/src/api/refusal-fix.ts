/**
 * What a refusal's error envelope says beyond its message: an `ApiError` thrown by the client or
 * the `{ code, message, data }` an RTK Query call fails with (libs/api-client `ServerError`).
 */
function dataOf(error: unknown): Record<string, unknown> | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

/**
 * The route a refusal names as its fix (`data.fix`: where the member binds an address, a bank
 * card or a fund password), when it carries one that is a hash path.
 */
export function fixOf(error: unknown): string | null {
  const fix = dataOf(error)?.fix;
  return typeof fix === 'string' && fix.startsWith('/') ? fix : null;
}

/** The end of a withdrawal hold a refusal names (`data.holdUntil`, ISO time), to show in the member's time zone. */
export function holdUntilOf(error: unknown): string | null {
  const until = dataOf(error)?.holdUntil;
  return typeof until === 'string' && Number.isFinite(Date.parse(until)) ? until : null;
}

/** How many wrong fund passwords in a row are left before the lock (`data.triesLeft`), after a wrong one. */
export function triesLeftOf(error: unknown): number | null {
  const left = dataOf(error)?.triesLeft;
  return typeof left === 'number' && Number.isInteger(left) && left > 0 ? left : null;
}

/** The end of a fund-password lock a refusal names (`data.lockedUntil`, ISO time). */
export function lockedUntilOf(error: unknown): string | null {
  const until = dataOf(error)?.lockedUntil;
  return typeof until === 'string' && Number.isFinite(Date.parse(until)) ? until : null;
}
