import type { MessageKey, MessageParams } from './i18n';

/** An expected failure: the HTTP status doubles as the envelope code, the message is localized. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    /** Sent as the envelope's data (e.g. { fix: "/user/address" }); null when absent. */
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/**
 * The envelope data of a refusal that concerns one field of the request (`{ field: "ifsc" }`):
 * the member's form shows the message under that field.
 */
export function onField(field: string, data: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...data, field };
}
