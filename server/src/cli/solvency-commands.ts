import { formatAmount } from '@rigshare/domain';
import { loadConfig } from '../config';
import { declareBankBalance, takeSnapshot } from '../features/solvency';
import { operatorNow, type AdminCommand } from './command';
import { say } from './output';

/** The public solvency page (docs/solvency.md): a snapshot now, and the bank balances finance declares. */
export const SOLVENCY_COMMANDS: AdminCommand[] = [
  {
    name: 'solvency:snapshot',
    usage: '',
    summary: 'Takes a solvency snapshot now: ledger totals, Merkle sum root, on-chain reserves',
    args: 0,
    async run(db) {
      const s = await takeSnapshot(db, loadConfig(), new Date());
      say`solvency snapshot #${s.id}: root ${s.root}, ${s.leafCount} member leaf(s), liabilities ${formatAmount(s.totals.liabilities)} USDT (available ${formatAmount(s.totals.available)}, held ${formatAmount(s.totals.held)}, income owed ${formatAmount(s.totals.pendingIncome)}), revenue pool ${formatAmount(s.totals.revenuePool)}, rewards budget ${formatAmount(s.totals.rewardsBudget)}`;
      for (const r of s.reserves) say`  reserve ${r.address}: ${r.balance === null ? `not read (${r.error})` : `${formatAmount(r.balance)} USDT at block ${r.blockNumber}`}`;
      return s.reserves.some((r) => r.balance === null) ? 1 : 0;
    },
  },
  {
    name: 'solvency:declare-bank',
    usage: '<name> <amount> [--date YYYY-MM-DD] [--by <name>]',
    summary: 'Declares a bank balance (USDT equivalent) as of a date (default today) for the solvency page',
    args: 2,
    options: ['date', 'by'],
    async run(db, { args, options }) {
      const d = await declareBankBalance(db, { name: args[0], amount: args[1], date: options.date, ...operatorNow(options) });
      say`bank balance "${d.name}": ${formatAmount(d.amount)} USDT as of ${d.asOf}`;
      return 0;
    },
  },
];
