import { ApiError } from '@rigshare/api-client';

/**
 * The route a refusal names as its fix (`data.fix` in the error envelope: where the member binds
 * an address, a bank card or a fund password), when it carries one that is a hash path.
 */
export function fixOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  const fix = (error.data as { fix?: unknown }).fix;
  return typeof fix === 'string' && fix.startsWith('/') ? fix : null;
}

/** The end of a withdrawal hold a refusal names (`data.holdUntil`, ISO time), to show in the member's time zone. */
export function holdUntilOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  const until = (error.data as { holdUntil?: unknown }).holdUntil;
  return typeof until === 'string' && Number.isFinite(Date.parse(until)) ? until : null;
}
