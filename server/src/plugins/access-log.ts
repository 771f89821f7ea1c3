import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/** Lines held for one write of them all (about 16 KiB)... */
const LINES_PER_WRITE = 64;
/** ...or this long on a quieter server, so no line waits longer to be seen. */
const WRITE_EVERY_MS = 1000;

interface Destination {
  write(chunk: string): unknown;
}

/**
 * One log line per request, written when its response has gone out: method, URL, the caller's address
 * (the member's, behind a trusted proxy), status and time taken, like a proxy's access log. Fastify's
 * own writes two (one on arrival without the outcome, one on completion without the request), twice
 * the log volume for the same facts. A request still running has no line yet; one that ends in an
 * error keeps Fastify's own error lines.
 *
 * The line is the one the app's pino logger would write (level, time, pid, hostname, reqId, the fields,
 * msg), but made with one template and written in batches of LINES_PER_WRITE onto the logger's own
 * destination: through pino (its generic serialisation, a destination write a line) it cost a quarter of
 * the API's CPU on GET /user/info, a route that otherwise answers from memory (docs/performance.md,
 * "The access log in batches"). Waiting lines are written on the app's close; a process that dies
 * without closing loses at most WRITE_EVERY_MS of them.
 */
export class AccessLogController extends LogController {
  private readonly waiting: string[] = [];
  private destination: Destination | null = null;
  /** `{"level":30,"time":` and `,"pid":..,"hostname":..` as the logger's own lines have them. */
  private head = '';
  private bindings = '';
  private timer: NodeJS.Timeout | null = null;

  /**
   * Writes onto `log`'s destination from now on, if it is a pino logger that writes info lines (the app's
   * logger when it has one; none with logging off).
   */
  attach(log: FastifyBaseLogger): void {
    // Fastify's logger is pino whenever logging is on; with logging off it has no destination.
    const logger = log as unknown as pino.Logger & Partial<Record<symbol, unknown>>;
    const destination = logger[pino.symbols.streamSym] as Destination | undefined;
    if (typeof destination?.write !== 'function' || !logger.isLevelEnabled('info')) return;
    this.destination = destination;
    this.head = `{"level":${logger.levels.values.info},"time":`;
    // pino keeps its bindings (pid, hostname and any child's) ready to print: `,"pid":..,"hostname":..`.
    this.bindings = String(logger[pino.symbols.chindingsSym] ?? '');
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (!this.destination) return;
    this.waiting.push(
      `${this.head}${Date.now()}${this.bindings},"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},` +
        `"url":${JSON.stringify(request.url)},"remoteAddress":${JSON.stringify(request.ip ?? null)},"statusCode":${reply.statusCode},` +
        `"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
    );
    if (this.waiting.length >= LINES_PER_WRITE) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), WRITE_EVERY_MS).unref();
  }

  /** Writes the waiting lines now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.waiting.length === 0 || !this.destination) return;
    this.destination.write(this.waiting.join(''));
    this.waiting.length = 0;
  }
}
