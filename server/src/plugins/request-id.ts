import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What nginx's $request_id looks like (32 hex digits), or a client's own id: a short token, nothing that could forge a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * Fastify's genReqId: the proxy's X-Request-Id when it is a safe token, so `reqId` in every log line of
 * the request is nginx's `$request_id` and one id follows a request through both logs; otherwise a new
 * UUID (unique across the instances of a fleet, unlike Fastify's per-process counter).
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Every answer carries its request id, so a member's report or a browser's console names the log lines. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
