import type { FastifyInstance } from 'fastify';
import type { MetricSet } from './registry';

/**
 * Counts and times every answered request by its route pattern (`/api/orders/:id`), never the raw URL:
 * ids and query strings would make a series per member. What no route matched is `unmatched`.
 */
export function countRequests(app: FastifyInstance, metrics: MetricSet['http']): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
