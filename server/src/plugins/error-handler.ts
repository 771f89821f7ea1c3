import type { Envelope } from '@rigshare/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/connect';
import { AppError } from '../errors';
import { localeOf, translate, type MessageKey } from '../i18n';

const KEY_BY_STATUS: Record<number, MessageKey> = {
  400: 'badRequest',
  401: 'sessionExpired',
  404: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/** The one place errors become replies: HTTP status = envelope code, message in the caller's language. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en-US');
  app.addHook('onRequest', async (request) => {
    request.locale = localeOf(request.headers.language);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = request.locale ?? localeOf(request.headers.language);
    let status: number;
    let msg: string;
    let data: unknown = null;
    if (error instanceof AppError) {
      data = error.data;
      status = error.statusCode;
      msg = translate(locale, error.messageKey, error.params);
    } else if (isDatabaseUnavailable(error)) {
      // The database went away under the request (restart, failover): nothing was done, try again.
      status = 503;
      msg = translate(locale, 'serviceUnavailable');
    } else {
      const raw = error.statusCode ?? 500;
      status = raw >= 400 && raw < 500 ? raw : 500;
      msg = translate(locale, KEY_BY_STATUS[status] ?? (status >= 500 ? 'serverError' : 'badRequest'));
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const body: Envelope<unknown> = { code: status, msg, data };
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: Envelope<null> = { code: 404, msg: translate(request.locale, 'notFound'), data: null };
    return reply.status(404).send(body);
  });
}
