import type { Envelope } from '@rigshare/domain';
import type { FastifyRequest } from 'fastify';
import { translate } from '../i18n';

/** A success reply: code 200, a localized "Success" (or the given msg), and the data. */
export function ok<T>(request: FastifyRequest, data: T, msg?: string): Envelope<T> & { code: 200 } {
  return { code: 200, msg: msg ?? translate(request.locale, 'ok'), data };
}

/**
 * Reads one text field of a form body; absent or non-string fields read as ''. Routes read their typed,
 * validated body instead (plugins/contract.ts); this stays for hooks that run before validation.
 */
export function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
}
