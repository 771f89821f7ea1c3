import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when its response has gone out: method, URL, the caller's address
 * (the member's, behind a trusted proxy), status and time taken, like a proxy's access log. Fastify's
 * own writes two (one on arrival without the outcome, one on completion without the request), twice
 * the log volume for the same facts. A request still running has no line yet; one that ends in an
 * error keeps Fastify's own error lines. The line is the request's pino logger's (its `reqId` bound);
 * the log's destination writes lines in batches (log-stream.ts).
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      { method: request.method, url: request.url, remoteAddress: request.ip ?? null, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
