import pino from 'pino';

/** A write is made once this much is waiting (about 17 access lines)... */
const WRITE_BYTES = 4096;
/** ...or this often when the server is quieter, so no line waits longer to be seen. */
const WRITE_EVERY_MS = 1000;

/**
 * Where the server's log goes: standard output, in writes of WRITE_BYTES or every WRITE_EVERY_MS,
 * whichever comes first. pino's default writes each line as soon as the write before it is done; on
 * /user/info those writes took an eighth of the API's main thread (docs/performance.md, "API
 * throughput"). What is waiting is written before the process exits, on a graceful shutdown and on any
 * other exit (pino flushes a destination it made on 'exit'); a kill -9 or a crash of Node itself loses
 * it: at most WRITE_BYTES, or WRITE_EVERY_MS of lines.
 */
export function bufferedStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: WRITE_BYTES, periodicFlush: WRITE_EVERY_MS });
}
