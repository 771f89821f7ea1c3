import { formatAmount } from '@rigshare/domain';
import { fundRewardsBudget, payPendingRewards, rewardsBudget } from '../jobs/rewards';
import { timeOption, type AdminCommand } from './command';

/** The rewards budget: fund it (with a reason), see it, pay what waits for it. */
export const TEAM_COMMANDS: AdminCommand[] = [
  {
    name: 'rewards:fund',
    usage: '<amount> --reason "..."',
    summary: 'Funds the rewards budget that pays every team reward, then pays the rewards that waited for it',
    args: 1,
    options: ['reason'],
    async run(db, { args, options }) {
      const { transfer, payout } = await fundRewardsBudget(db, { amount: args[0], reason: options.reason, at: new Date() });
      console.log(
        `rewards budget funded with ${formatAmount(transfer.amount)} USDT, transfer T${transfer.id}; ` +
          `${payout.paid} waiting reward(s) paid (${formatAmount(payout.total)} USDT), ${payout.pending} still waiting`,
      );
      return 0;
    },
  },
  {
    name: 'rewards:budget',
    usage: '',
    summary: "Shows the rewards budget's balance and the rewards waiting for it",
    args: 0,
    async run(db) {
      const b = await rewardsBudget(db.kysely);
      console.log(`rewards budget ${formatAmount(b.balance)} USDT; ${b.pendingCount} reward(s) waiting, ${formatAmount(b.pendingTotal)} USDT`);
      return 0;
    },
  },
  {
    name: 'jobs:rewards',
    usage: '[--at <ISO time>]',
    summary: 'Pays the rewards waiting for the budget, in the order they were earned, while it lasts',
    args: 0,
    options: ['at'],
    async run(db, { options }) {
      const r = await payPendingRewards(db, timeOption(options.at));
      console.log(`rewards: ${r.paid} paid (${formatAmount(r.total)} USDT), ${r.pending} still waiting`);
      return 0;
    },
  },
];
