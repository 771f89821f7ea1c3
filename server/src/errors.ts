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
