import pino from 'pino';

/**
 * Where the server's log goes: standard output, written asynchronously (lines that come while a write
 * is under way go out together in the next one). Access lines, the many, come already in batches
 * (plugins/access-log.ts). What is waiting is written before the process exits, on a graceful shutdown
 * and on any other exit (pino flushes a destination it made on 'exit'); a kill -9 or a crash of Node
 * itself loses it.
 */
export function stdoutDestination(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
