import { operatorName } from '../audit';
import { formatAmount, phoneLookupKey } from '@rigshare/domain';
import { loadConfig } from '../config';
import { chainDepositProblems } from '../features/chain';
import { exchangeProblems } from '../features/exchange';
import { rewardProblems } from '../jobs/rewards';
import { checkLedger } from '../ledger/check';
import { adjust, fundPool } from '../ledger/operator';
import { fundPromotions } from '../ledger/promotions';
import type { AdminCommand } from './command';
import { say } from './output';

/** The accounts staff fund from money outside the platform, one command each (the rewards budget's, which also pays what waited, is in team-commands). */
const FUNDINGS = [
  { name: 'pool:fund', summary: 'Records mining revenue into the revenue pool', fund: fundPool, funded: 'revenue pool' },
  { name: 'promotions:fund', summary: 'Funds the promotions budget (free first days; exchange codes and coupons reserve from it)', fund: fundPromotions, funded: 'promotions budget' },
];

/** Money moved by staff, and the ledger's check. */
export const LEDGER_COMMANDS: AdminCommand[] = (['credit', 'debit'] as const)
  .map(
    (direction): AdminCommand => ({
      name: direction,
      usage: '<phone> <amount> --reason "..." [--by <name>]',
      summary: `${direction === 'credit' ? 'Adds to' : 'Takes from'} a member's available balance (an Adjustment)`,
      args: 2,
      options: ['reason', 'by'],
      async run(db, { args, options }) {
        const phone = phoneLookupKey(args[0], loadConfig().phoneDefaultRegion);
        const t = await adjust(db, { phone, amount: args[1], reason: options.reason, direction, at: new Date(), actor: { by: operatorName(options.by) } });
        say`${direction === 'credit' ? 'credited' : 'debited'} ${formatAmount(t.amount)} USDT (${direction} ${args[0]}), transfer T${t.id}`;
        return 0;
      },
    }),
  )
  .concat(
    FUNDINGS.map(
      ({ name, summary, fund, funded }): AdminCommand => ({
        name,
        usage: '<amount> --reason "..." [--by <name>]',
        summary,
        args: 1,
        options: ['reason', 'by'],
        async run(db, { args, options }) {
          const t = await fund(db, { amount: args[0], reason: options.reason, at: new Date(), actor: { by: operatorName(options.by) } });
          say`${funded} funded with ${formatAmount(t.amount)} USDT, transfer T${t.id}`;
          return 0;
        },
      }),
    ),
  )
  .concat([
    {
      name: 'ledger:check',
      usage: '',
      summary: "Checks the ledger's invariants and those of the features that post to it",
      args: 0,
      async run(db) {
        // The ledger's own invariants, then those of the features that post to it with their own records.
        const problems = [...(await checkLedger(db.kysely)), ...(await chainDepositProblems(db.kysely)), ...(await exchangeProblems(db.kysely)), ...(await rewardProblems(db.kysely))];
        if (problems.length === 0) {
          say`ledger ok`;
          return 0;
        }
        for (const p of problems) say`ledger broken: ${p}`;
        return 1;
      },
    },
  ]);
