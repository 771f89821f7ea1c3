import http from 'node:http';
import type net from 'node:net';

/**
 * A JSON-RPC pass-through in front of a node that counts the requests it forwards, by method: point a
 * client (the server's watcher) at `rpcUrl` to learn how many calls, and which, a piece of work made.
 * Batched requests count each call in the batch.
 */
export interface RpcCounter {
  rpcUrl: string;
  /** Calls forwarded since the start or the last reset, by JSON-RPC method. */
  counts(): Record<string, number>;
  /** All calls forwarded since the start or the last reset. */
  total(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startRpcCounter(upstream: { rpcUrl: string }): Promise<RpcCounter> {
  let counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        const parsed = JSON.parse(body.toString()) as { method?: string } | { method?: string }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const method = call.method ?? '(none)';
          counts.set(method, (counts.get(method) ?? 0) + 1);
        }
      } catch {
        counts.set('(unparsable)', (counts.get('(unparsable)') ?? 0) + 1);
      }
      fetch(upstream.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch((error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`upstream failed: ${error instanceof Error ? error.message : String(error)}`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    counts: () => Object.fromEntries(counts),
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    reset: () => {
      counts = new Map();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
