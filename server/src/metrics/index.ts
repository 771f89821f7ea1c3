/** The API's Prometheus metrics (issue 57): one registry per app, served on METRICS_PORT only (listener.ts). */
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { poolGauges } from './db-pool';
import { countRequests } from './http';
import type { JobRecorder } from '../jobs/job-recorder';
import { jobRecorder } from './jobs';
import { listenForScrapes, type MetricsListener } from './listener';
import { createMetrics, type MetricSet } from './registry';


export interface AppMetrics {
  /** This app's registry (never prom-client's global one). */
  registry: Registry;
  /** What the job timers report to (jobs/scheduler.ts, outbox/sweep.ts, the solvency snapshots, the live poll). */
  jobs: JobRecorder;
  /** The live channel's gauges and counters (features/live). */
  live: MetricSet['live'];
  /** The metrics listener's port once the app is ready; null without METRICS_PORT. */
  port(): number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * Creates the app's metrics and decorates them as `app.metrics`; registered right after `deps`, before
 * the features that report to it. The pool gauges are read at scrape time (the money and queue gauges
 * too: features/monitoring); texts and emails are counted as their senders report the outcome. With
 * METRICS_PORT set, the HTTP counters see every request and the listener starts when the app is ready
 * and stops when it closes.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { deps } = app;
  const set = createMetrics();
  let listener: MetricsListener | null = null;
  app.decorate('metrics', { registry: set.registry, jobs: jobRecorder(set.registry, set.jobs), live: set.live, port: () => listener?.port ?? null });

  poolGauges(set.registry, deps.db);
  deps.sms.observe?.((sent) => set.sms.inc({ outcome: sent ? 'sent' : 'failed' }));
  deps.email.observe?.((sent) => set.email.inc({ outcome: sent ? 'sent' : 'failed' }));

  const { metricsPort, metricsHost } = deps.config;
  if (metricsPort === null) return;
  // Only when something can scrape them: the hook runs on every request, the hot path bench:api measures.
  countRequests(app, set.http);
  app.addHook('onReady', async () => {
    listener = await listenForScrapes(set.registry, { port: metricsPort, host: metricsHost }, app.log);
  });
  app.addHook('onClose', async () => listener?.close());
}
