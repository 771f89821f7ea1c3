/** What a job's timer reports to; metrics/jobs.ts turns it into the job metrics (docs/operations.md). */
/** The jobs the alerts watch; live_poll is the live channel's read of new events (features/live). */
export type JobName = 'accrual' | 'settlement' | 'rewards' | 'delivery_sweep' | 'solvency' | 'live_poll';

/** What a job's timer reports to: each run's time and outcome, and when this instance stops running it. */
export interface JobRecorder {
  /** The job runs every `intervalMs` from now on: its lag counts from now until its first success. */
  every(job: JobName, intervalMs: number): void;
  /** Runs one run of `job`, timing it; a failure is counted and thrown on. */
  run<T>(job: JobName, task: () => Promise<T>): Promise<T>;
  /**
   * Another instance runs these jobs now (it leads the fleet): this one exports no lag nor last success
   * for them, so a former leader's growing lag never raises an alert. Its next run starts them again.
   */
  standDown(...jobs: JobName[]): void;
}

/** For callers without metrics (the command line, tests that start a timer alone). */
export const NO_JOB_METRICS: JobRecorder = { every: () => {}, run: (_job, task) => task(), standDown: () => {} };
