import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import type { Leadership } from './leadership';
import { runAccrual } from './accrual';
import { runTeamRewards } from './team-rewards';
import { runSettlement } from './settlement';
import { repeatEvery } from './repeat';
import { deleteExpiredGuesses } from '../security/guess-limits';
import { releaseEndedCoupons } from '../ledger/promotions';
import { NO_JOB_METRICS, type JobRecorder } from './job-recorder';

/**
 * Runs the accrual, settlement and reward payout jobs (and clears ended guess counters) in-process every `intervalMs` with the app's clock. The jobs
 * are idempotent and safe beside other servers running them; a run never overlaps the previous one in
 * this process, and in a fleet only the instance that leads (jobs/leadership.ts) runs them, so each
 * interval's work is done once (jobs/repeat.ts keeps the timer). Returns a stop function.
 */
export function startJobs(db: Db, clock: Clock, intervalMs: number, log: FastifyBaseLogger, leadership?: Leadership, jobs: JobRecorder = NO_JOB_METRICS): () => void {
  for (const job of ['accrual', 'settlement', 'rewards'] as const) jobs.every(job, intervalMs);
  const run = async () => {
    if (leadership && !(await leadership.isLeader())) {
      // The leader reports these jobs; a lag here would only grow since this instance stopped leading.
      jobs.standDown('accrual', 'settlement', 'rewards');
      return;
    }
    const now = clock();
    // Each timed and counted on its own (metrics/jobs.ts); a failure still stops the run as before.
    const accrual = await jobs.run('accrual', () => runAccrual(db, now));
    const settlement = await jobs.run('settlement', () => runSettlement(db, now));
    // Referral Bonus and Team Benefits of new orders and income, then every reward the budget covers.
    const rewards = await jobs.run('rewards', () => runTeamRewards(db, now));
    // Coupons that ended return what they reserved and did not pay to the promotions budget.
    await releaseEndedCoupons(db, now);
    // Guess counters whose window, lock or series has ended count nothing any more.
    await deleteExpiredGuesses(db.kysely, now);
    if (accrual.paidDays || accrual.delayedDays || settlement.settled || rewards.paid) {
      log.info({ accrual: { ...accrual, total: accrual.total.toString() }, settlement, rewards: { ...rewards, total: rewards.total.toString() } }, 'jobs ran');
    }
  };
  return repeatEvery(intervalMs, run, (error) => log.error({ err: error }, 'jobs failed'));
}
