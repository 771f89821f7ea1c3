import { formatAmount } from '@rigshare/domain';
import { runAccrual } from '../jobs/accrual';
import { runSettlement } from '../jobs/settlement';
import { jobCommand, type AdminCommand } from './command';
import { say } from './output';

/** The scheduled jobs, run once by hand (optionally as of another time). */
export const JOBS_COMMANDS: AdminCommand[] = [
  jobCommand('jobs:accrue', 'Pays the daily income that is due', async (db, at) => {
    const r = await runAccrual(db, at);
    say`accrual run ${r.runId}: ${r.paidDays} day(s) paid, ${r.delayedDays} delayed, ${r.transfers} transfer(s), ${formatAmount(r.total)} USDT, ${r.expiredOrders} order(s) expired`;
  }),
  jobCommand('jobs:settle', 'Settles the income takeouts that are due', async (db, at) => {
    const r = await runSettlement(db, at);
    say`settlement: ${r.settled} takeout(s) arrived`;
  }),
];
