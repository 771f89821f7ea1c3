import { Gauge, type Registry } from 'prom-client';
import type { JobName, JobRecorder } from '../jobs/job-recorder';
import type { MetricSet } from './registry';

interface JobState {
  intervalMs: number;
  /** Last success, or when the job was (re)started here before its first one (ms). */
  since: number;
  active: boolean;
}

/** Job metrics on the app's registry; lag is computed at scrape time from the last success. */
export function jobRecorder(registry: Registry, metrics: MetricSet['jobs'], now: () => number = Date.now): JobRecorder {
  const states = new Map<JobName, JobState>();
  const lag = new Gauge({
    name: 'rigshare_job_lag_seconds',
    help: 'Seconds since the job last succeeded beyond its interval (0 when on time)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const at = now();
      for (const [job, state] of states) {
        if (state.active) this.set({ job }, Math.max(0, (at - state.since - state.intervalMs) / 1000));
      }
    },
  });
  return {
    every(job, intervalMs) {
      states.set(job, { intervalMs, since: now(), active: true });
    },
    async run(job, task) {
      const state = states.get(job);
      if (state && !state.active) Object.assign(state, { since: now(), active: true });
      const end = metrics.duration.startTimer({ job });
      try {
        const result = await task();
        metrics.runs.inc({ job, outcome: 'ok' });
        const at = now();
        if (state) state.since = at;
        metrics.lastSuccess.set({ job }, at / 1000);
        return result;
      } catch (error) {
        metrics.runs.inc({ job, outcome: 'failed' });
        throw error;
      } finally {
        end();
      }
    },
    standDown(...jobs) {
      for (const job of jobs) {
        const state = states.get(job);
        if (state) state.active = false;
        lag.remove({ job });
        metrics.lastSuccess.remove({ job });
      }
    },
  };
}
