import type { Envelope } from '@rigshare/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import { isDatabaseUnavailable } from '../db/connect';
import { AppError } from '../errors';
import { CATALOGUES, localeOf, translate, type MessageKey } from '../i18n';

const KEY_BY_STATUS: Record<number, MessageKey> = {
  400: 'badRequest',
  401: 'sessionExpired',
  404: 'notFound',
  413: 'payloadTooLarge',
  414: 'uriTooLong',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/**
 * A request refused by its route's schema: the message the refused field's schema names (x-message,
 * e.g. amountInvalid), else the catalogue's "Invalid request".
 */
function schemaErrorKey(error: FastifyError, request: FastifyRequest): MessageKey {
  const first = error.validation?.[0];
  const context = error.validationContext as string | undefined;
  if (!first || !context) return 'badRequest';
  const schema = (request.routeOptions.schema as Record<string, { properties?: Record<string, Record<string, unknown>> }> | undefined)?.[context];
  const name = first.keyword === 'required' ? String(first.params.missingProperty ?? '') : first.instancePath.split('/')[1] ?? '';
  const key = schema?.properties?.[name]?.['x-message'];
  return typeof key === 'string' && key in CATALOGUES['en-US'] ? (key as MessageKey) : 'badRequest';
}

/** The one place errors become replies: HTTP status = envelope code, message in the caller's language. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en-US');
  // A callback hook, not an async one: no promise on every request for a header read.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = localeOf(request.headers.language);
    done();
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
    } else if (error.validation) {
      status = 400;
      msg = translate(locale, schemaErrorKey(error, request));
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

/** Errors Fastify answers before routing (a path parameter over maxParamLength: 414, a malformed URL: 400), in the envelope. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const status = error.statusCode === 414 || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const body: Envelope<null> = { code: status, msg: translate(localeOf(request.headers.language), KEY_BY_STATUS[status]), data: null };
  void (reply as FastifyReply).status(status).send(body);
};

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers too large: 431, a malformed
 * request: 400), in the envelope. The headers could not be read, so the message is in English.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const key: MessageKey = status === 431 ? 'headersTooLarge' : status === 408 ? 'requestTimeout' : 'badRequest';
  const body = JSON.stringify({ code: status, msg: translate('en-US', key), data: null } satisfies Envelope<null>);
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
