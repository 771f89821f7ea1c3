import pino from 'pino';

/** Lines held for one write of them all (about 16 KiB of access lines)... */
const LINES_PER_WRITE = 64;
/** ...or this long on a quieter server, so no line waits longer to be seen. */
const WRITE_EVERY_MS = 1000;

/**
 * A warning, an error or a fatal line (pino's levels 40, 50, 60, which its line opens with) goes out at
 * once, after what waits before it: it may be the last thing an operator reads before a crash.
 */
const URGENT_LINE = /^\{"level":[4-6]\d,/;

/**
 * A pino destination that hands its lines on LINES_PER_WRITE at a time or every WRITE_EVERY_MS: one
 * write a line was the largest part of GET /user/info's own work (docs/performance.md, "The access log
 * in batches"). Warnings and errors are not held (URGENT_LINE). What is waiting is handed on when the process exits, however it exits short of a
 * kill -9 or a crash of Node itself.
 */
export class BatchedLines implements pino.DestinationStream {
  private readonly waiting: string[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly out: pino.DestinationStream & { flushSync?: () => void }) {
    process.on('exit', () => {
      this.flush();
      this.out.flushSync?.();
    });
  }

  write(line: string): void {
    this.waiting.push(line);
    if (this.waiting.length >= LINES_PER_WRITE || URGENT_LINE.test(line)) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), WRITE_EVERY_MS).unref();
  }

  /** Hands the waiting lines on now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.waiting.length === 0) return;
    this.out.write(this.waiting.join(''));
    this.waiting.length = 0;
  }
}

/**
 * Where the server's log goes: standard output, in batches (BatchedLines), written asynchronously (what
 * comes while a write is under way goes out with the next one). pino flushes the standard output
 * destination it made on exit.
 */
export function stdoutDestination(): BatchedLines {
  return new BatchedLines(pino.destination({ dest: 1, sync: false }));
}
