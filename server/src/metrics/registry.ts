import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Request and job durations, in seconds: from a fast read to a slow job run. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The metrics one app exports (docs/operations.md lists the names the alerts and the dashboard use).
 * Each app has its own Registry, never prom-client's global one: tests build several apps in one process.
 * The gauges read from the database at scrape time are added by business.ts and db-pool.ts.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'rigshare_' });
  const registers = [registry];
  // The live hub is made after the metrics (features/live): it tells the gauge where to count.
  let countChannels: () => { member: number; staff: number } = () => ({ member: 0, staff: 0 });
  return {
    registry,
    http: {
      requests: new Counter({ name: 'rigshare_http_requests_total', help: 'HTTP requests answered, by route pattern', labelNames: ['method', 'route', 'status'] as const, registers }),
      duration: new Histogram({
        name: 'rigshare_http_request_duration_seconds',
        help: 'Time to answer an HTTP request, by route pattern',
        labelNames: ['method', 'route', 'status'] as const,
        buckets: DURATION_BUCKETS,
        registers,
      }),
    },
    jobs: {
      runs: new Counter({ name: 'rigshare_job_runs_total', help: 'Job runs, by outcome (ok or failed)', labelNames: ['job', 'outcome'] as const, registers }),
      duration: new Histogram({ name: 'rigshare_job_duration_seconds', help: 'Time one job run took', labelNames: ['job'] as const, buckets: DURATION_BUCKETS, registers }),
      lastSuccess: new Gauge({ name: 'rigshare_job_last_success_timestamp_seconds', help: 'When the job last succeeded in this instance (unix seconds)', labelNames: ['job'] as const, registers }),
    },
    sms: new Counter({ name: 'rigshare_sms_sent_total', help: 'Texts handed to their channel, by outcome (sent or failed)', labelNames: ['outcome'] as const, registers }),
    email: new Counter({ name: 'rigshare_email_sent_total', help: 'Emails handed to their channel, by outcome (sent or failed)', labelNames: ['outcome'] as const, registers }),
    live: {
      connections: new Gauge({
        name: 'rigshare_live_connections',
        help: 'Open live channels on this instance, member or staff',
        labelNames: ['kind'] as const,
        registers,
        collect() {
          const counts = countChannels();
          this.set({ kind: 'member' }, counts.member);
          this.set({ kind: 'staff' }, counts.staff);
        },
      }),
      countChannelsWith(count: () => { member: number; staff: number }) {
        countChannels = count;
      },
      refusals: new Counter({ name: 'rigshare_live_refusals_total', help: 'Live channels refused, by reason (limit, origin or auth)', labelNames: ['reason'] as const, registers }),
    },
  };
}

export type MetricSet = ReturnType<typeof createMetrics>;
