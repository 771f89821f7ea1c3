import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  /** The port it listens on (METRICS_PORT=0 picks a free one). */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus' text format on a port of its own, never on the API's: the API is public
 * behind nginx, this one is bound to 127.0.0.1 (METRICS_HOST) for the Prometheus beside it. Anything
 * else is 404.
 */
export async function listenForScrapes(registry: Registry, options: { port: number; host: string }, log: FastifyBaseLogger): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: the scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  // A scraper's keep-alive connection must not hold the process's exit.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info(`metrics on http://${options.host}:${(server.address() as AddressInfo).port}/metrics`);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
