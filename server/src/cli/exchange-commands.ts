import { formatAmount } from '@rigshare/domain';
import { closeExchangeCode, createExchangeCode, exchangeCodes, type ExchangeCodeSummary } from '../features/exchange';
import { operatorName } from '../audit';
import { listCommand, type AdminCommand } from './command';
import { say } from './output';

function describeCode(c: ExchangeCodeSummary): string {
  return (
    `${c.code} ${c.status}: ${formatAmount(c.amount)} USDT per member, ${c.redemptions} redeemed, ` +
    `${formatAmount(c.remaining)} of ${formatAmount(c.budget)} USDT budget left`
  );
}

/** Exchange codes: an amount per member within a budget. */
export const EXCHANGE_COMMANDS: AdminCommand[] = [
  {
    name: 'exchange:create',
    usage: '--code <CODE> --amount <USDT per member> --budget <USDT in all> --reason "..." [--by <name>]',
    summary: 'Creates an exchange code',
    args: 0,
    options: ['code', 'amount', 'budget', 'reason', 'by'],
    async run(db, { options }) {
      const c = await createExchangeCode(db, { code: options.code, amount: options.amount, budget: options.budget, reason: options.reason, at: new Date(), actor: { by: operatorName(options.by) } });
      say`exchange code ${describeCode(c)}`;
      return 0;
    },
  },
  listCommand('exchange:list', 'Lists the exchange codes', {
    rows: (db) => exchangeCodes(db.kysely),
    none: 'no exchange codes',
    show: (c) => say`${describeCode(c)}, created ${c.createdAt}: ${c.reason}`,
  }),
  {
    name: 'exchange:close',
    usage: '<CODE> [--by <name>]',
    summary: 'Closes an open code: no further redemptions; what was credited stays',
    args: 1,
    options: ['by'],
    async run(db, { args, options }) {
      const c = await closeExchangeCode(db, { code: args[0], at: new Date(), actor: { by: operatorName(options.by) } });
      say`exchange code ${describeCode(c)}`;
      return 0;
    },
  },
];
