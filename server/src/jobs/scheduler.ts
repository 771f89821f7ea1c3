import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { Clock } from '../types';
import type { Leadership } from './leadership';
import { runAccrual } from './accrual';
import { runTeamRewards } from './team-rewards';
import { runSettlement } from './settlement';

/**
 * Runs the accrual, settlement and reward payout jobs in-process every `intervalMs` with the app's clock. The jobs
 * are idempotent and safe beside other servers running them; a run never overlaps the previous one in
 * this process, and in a fleet only the instance that leads (jobs/leadership.ts) runs them, so each
 * interval's work is done once. The timer is unref'd so it never keeps the process alive. Returns a stop function.
 */
export function startJobs(db: Db, clock: Clock, intervalMs: number, log: FastifyBaseLogger, leadership?: Leadership): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (leadership && !(await leadership.isLeader())) return;
      const now = clock();
      const accrual = await runAccrual(db, now);
      const settlement = await runSettlement(db, now);
      // Referral Bonus and Team Benefits of new orders and income, then every reward the budget covers.
      const rewards = await runTeamRewards(db, now);
      if (accrual.paidDays || accrual.delayedDays || settlement.settled || rewards.paid) {
        log.info({ accrual: { ...accrual, total: accrual.total.toString() }, settlement, rewards: { ...rewards, total: rewards.total.toString() } }, 'jobs ran');
      }
    } catch (error) {
      log.error({ err: error }, 'jobs failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
