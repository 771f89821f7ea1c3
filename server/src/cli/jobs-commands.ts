import { formatAmount } from '@rigshare/domain';
import { runAccrual } from '../jobs/accrual';
import { runSettlement } from '../jobs/settlement';
import { timeOption, type AdminCommand } from './command';
import { say } from './output';

/** The scheduled jobs, run once by hand (optionally as of another time). */
export const JOBS_COMMANDS: AdminCommand[] = [
  {
    name: 'jobs:accrue',
    usage: '[--at <ISO time>]',
    summary: 'Pays the daily income that is due',
    args: 0,
    options: ['at'],
    async run(db, { options }) {
      const r = await runAccrual(db, timeOption(options.at));
      say`accrual run ${r.runId}: ${r.paidDays} day(s) paid, ${r.delayedDays} delayed, ${r.transfers} transfer(s), ${formatAmount(r.total)} USDT, ${r.expiredOrders} order(s) expired`;
      return 0;
    },
  },
  {
    name: 'jobs:settle',
    usage: '[--at <ISO time>]',
    summary: 'Settles the income takeouts that are due',
    args: 0,
    options: ['at'],
    async run(db, { options }) {
      const r = await runSettlement(db, timeOption(options.at));
      say`settlement: ${r.settled} takeout(s) arrived`;
      return 0;
    },
  },
];
