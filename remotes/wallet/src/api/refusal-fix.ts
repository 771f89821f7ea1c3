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
