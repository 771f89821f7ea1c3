/**
 * Operator command line. From the repository root:
 *   npm run admin -- credit <phone> <amount> --reason "..."
 *   npm run admin -- debit <phone> <amount> --reason "..."
 *   npm run admin -- pool:fund <amount> --reason "..."
 *   npm run admin -- jobs:accrue [--at <ISO time>]
 *   npm run admin -- jobs:settle [--at <ISO time>]
 *   npm run admin -- ledger:check
 *   npm run admin -- withdraw:list | withdraw:approve <id> --tx <hash>|--ref <reference> | withdraw:reject <id> --reason "..."
 *   npm run admin -- deposit:list | deposit:confirm <id> | deposit:reject <id> --reason "..."
 *   npm run admin -- chain:scan | chain:status   (USDT BEP20 deposits, docs/chain-deposits.md)
 *   npm run admin -- exchange:create --code CODE --amount 5 --budget 500 --reason "..." | exchange:list | exchange:close CODE
 * SQLite (DATA_DIR/rigshare.sqlite) by default, PostgreSQL when DATABASE_URL is set.
 */
import { formatAmount } from '@rigshare/domain';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { createDb, type Db } from '../db/connect';
import { migrateToLatest } from '../db/migrations';
import { runAccrual } from '../jobs/accrual';
import { runSettlement } from '../jobs/settlement';
import { checkLedger } from '../ledger/check';
import { adjust, fundPool, OperatorError } from '../ledger/operator';
import { chainDepositProblems, chainStatus } from '../features/chain/deposits';
import { scanOnce } from '../features/chain/scan';
import { OFF_LOG_LINES } from '../features/chain/status';
import { confirmDeposit, pendingDeposits, rejectDeposit } from '../features/wallet/deposits';
import { closeExchangeCode, createExchangeCode, exchangeCodes, exchangeProblems, type ExchangeCodeSummary } from '../features/exchange/service';
import { approveWithdrawal, pendingWithdrawals, rejectWithdrawal } from '../features/wallet/withdrawals';

const USAGE = `usage:
  admin credit <phone> <amount> --reason "..."
  admin debit <phone> <amount> --reason "..."
  admin pool:fund <amount> --reason "..."
  admin jobs:accrue [--at <ISO time>]
  admin jobs:settle [--at <ISO time>]
  admin ledger:check
  admin withdraw:list
  admin withdraw:approve <id> --tx <hash> | --ref <reference>
  admin withdraw:reject <id> --reason "..."
  admin deposit:list
  admin deposit:confirm <id>
  admin deposit:reject <id> --reason "..."
  admin chain:scan
  admin chain:status
  admin exchange:create --code <CODE> --amount <USDT per member> --budget <USDT in all> --reason "..."
  admin exchange:list
  admin exchange:close <CODE>`;

function parseArgs(argv: string[]): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      options[name] = inline ?? argv[++i] ?? '';
    } else {
      positional.push(arg);
    }
  }
  return { positional, options };
}

function idArg(value: string | undefined): number {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) throw new OperatorError(`Not an id: "${value ?? ''}"`);
  return Number(value);
}

function timeOption(value: string | undefined): Date {
  if (value === undefined) return new Date();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new OperatorError(`Not a time: "${value}" (use ISO 8601, e.g. 2025-01-31T12:00:00Z)`);
  return date;
}

function describeCode(c: ExchangeCodeSummary): string {
  return (
    `${c.code} ${c.status}: ${formatAmount(c.amount)} USDT per member, ${c.redemptions} redeemed, ` +
    `${formatAmount(c.remaining)} of ${formatAmount(c.budget)} USDT budget left`
  );
}

async function run(db: Db, argv: string[]): Promise<number> {
  const { positional, options } = parseArgs(argv);
  const [command, ...args] = positional;
  switch (command) {
    case 'credit':
    case 'debit': {
      if (args.length !== 2) throw new OperatorError(USAGE);
      const t = await adjust(db, { phone: args[0], amount: args[1], reason: options.reason, direction: command, at: new Date() });
      console.log(`${command === 'credit' ? 'credited' : 'debited'} ${formatAmount(t.amount)} USDT (${command} ${args[0]}), transfer T${t.id}`);
      return 0;
    }
    case 'pool:fund': {
      if (args.length !== 1) throw new OperatorError(USAGE);
      const t = await fundPool(db, { amount: args[0], reason: options.reason, at: new Date() });
      console.log(`revenue pool funded with ${formatAmount(t.amount)} USDT, transfer T${t.id}`);
      return 0;
    }
    case 'jobs:accrue': {
      const r = await runAccrual(db, timeOption(options.at));
      console.log(
        `accrual run ${r.runId}: ${r.paidDays} day(s) paid, ${r.delayedDays} delayed, ${r.transfers} transfer(s), ` +
          `${formatAmount(r.total)} USDT, ${r.expiredOrders} order(s) expired`,
      );
      return 0;
    }
    case 'jobs:settle': {
      const r = await runSettlement(db, timeOption(options.at));
      console.log(`settlement: ${r.settled} takeout(s) arrived`);
      return 0;
    }
    case 'ledger:check': {
      // The ledger's own invariants, then those of the features that post to it with their own records.
      const problems = [...(await checkLedger(db.kysely)), ...(await chainDepositProblems(db.kysely)), ...(await exchangeProblems(db.kysely))];
      if (problems.length === 0) {
        console.log('ledger ok');
        return 0;
      }
      for (const p of problems) console.log(`ledger broken: ${p}`);
      return 1;
    }
    case 'withdraw:list': {
      const rows = await pendingWithdrawals(db.kysely);
      if (rows.length === 0) console.log('no pending withdrawals');
      for (const w of rows) {
        console.log(
          `#${w.id} ${w.created_at} ${w.phone} ${w.channel} amount ${formatAmount(BigInt(w.amount))} fee ${formatAmount(BigInt(w.fee))} ` +
            `pay ${formatAmount(BigInt(w.net))} USDT to ${w.payout_to}`,
        );
      }
      return 0;
    }
    case 'withdraw:approve': {
      if (args.length !== 1) throw new OperatorError(USAGE);
      const w = await approveWithdrawal(db, { id: idArg(args[0]), txHash: options.tx, reference: options.ref, at: new Date() });
      console.log(`withdrawal #${w.id} Succeeded: ${formatAmount(BigInt(w.net))} USDT paid, fee ${formatAmount(BigInt(w.fee))}`);
      return 0;
    }
    case 'withdraw:reject': {
      if (args.length !== 1) throw new OperatorError(USAGE);
      const w = await rejectWithdrawal(db, { id: idArg(args[0]), reason: options.reason, at: new Date() });
      console.log(`withdrawal #${w.id} Failed: ${formatAmount(BigInt(w.amount))} USDT returned to the member`);
      return 0;
    }
    case 'deposit:list': {
      const rows = await pendingDeposits(db.kysely);
      if (rows.length === 0) console.log('no pending deposits');
      for (const d of rows) {
        console.log(
          `#${d.id} ${d.created_at} ${d.phone} ${d.channel}: ${formatAmount(BigInt(d.amount))} ${d.currency} ` +
            `(= ${formatAmount(BigInt(d.usdt_amount))} USDT), reference ${d.reference}`,
        );
      }
      return 0;
    }
    case 'deposit:confirm': {
      if (args.length !== 1) throw new OperatorError(USAGE);
      const { deposit, alreadyConfirmed } = await confirmDeposit(db, { id: idArg(args[0]), at: new Date() });
      console.log(
        alreadyConfirmed
          ? `deposit #${deposit.id} was already confirmed, nothing changed`
          : `deposit #${deposit.id} Arrived: ${formatAmount(BigInt(deposit.usdtAmount))} USDT credited`,
      );
      return 0;
    }
    case 'deposit:reject': {
      if (args.length !== 1) throw new OperatorError(USAGE);
      const d = await rejectDeposit(db, { id: idArg(args[0]), reason: options.reason, at: new Date() });
      console.log(`deposit #${d.id} Failed, nothing credited`);
      return 0;
    }
    case 'exchange:create': {
      if (args.length !== 0) throw new OperatorError(USAGE);
      const c = await createExchangeCode(db, { code: options.code, amount: options.amount, budget: options.budget, reason: options.reason, at: new Date() });
      console.log(`exchange code ${describeCode(c)}`);
      return 0;
    }
    case 'exchange:list': {
      const codes = await exchangeCodes(db.kysely);
      if (codes.length === 0) console.log('no exchange codes');
      for (const c of codes) console.log(`${describeCode(c)}, created ${c.createdAt}: ${c.reason}`);
      return 0;
    }
    case 'exchange:close': {
      if (args.length !== 1) throw new OperatorError(USAGE);
      const c = await closeExchangeCode(db, { code: args[0], at: new Date() });
      console.log(`exchange code ${describeCode(c)}`);
      return 0;
    }
    case 'chain:scan': {
      const r = await scanOnce(db, loadConfig().chain, new Date());
      if (r.status === 'off') console.log(OFF_LOG_LINES[r.reason]);
      else if (r.status === 'decimalsMismatch') {
        console.log(`refused: the token has ${r.onChain} decimals on chain ${r.chainId} but USDT_DECIMALS is ${r.configured}; nothing recorded or credited`);
        return 1;
      } else {
        console.log(
          `chain ${r.chainId} head ${r.head}: scanned blocks ${r.fromBlock}..${r.toBlock}, ${r.recorded} new deposit(s), ` +
            `${r.credited} credited, ${r.moved} moved, ${r.dropped} dropped`,
        );
      }
      return 0;
    }
    case 'chain:status': {
      const chain = loadConfig().chain;
      const s = await chainStatus(db.kysely, chain);
      console.log(
        s.reason ? `USDT deposits off: ${s.reason}` : `USDT deposits on: token ${chain.tokenAddress}, ${chain.confirmations} confirmations, minimum ${formatAmount(chain.minimum)} USDT`,
      );
      for (const c of s.cursors) {
        console.log(`chain ${c.chainId} token ${c.token} (${c.decimals} decimals): scanned ${c.startBlock}..${c.lastScannedBlock}, head ${c.headBlock}, at ${c.updatedAt}`);
      }
      console.log(`${s.addresses} deposit address(es)`);
      for (const d of s.deposits) console.log(`${d.status}: ${d.count} deposit(s), ${formatAmount(d.total)} USDT`);
      return 0;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'rigshare.sqlite'), poolSize: 2 });
  try {
    await migrateToLatest(db.kysely, db.dialect);
    return await run(db, process.argv.slice(2));
  } catch (error) {
    if (error instanceof OperatorError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.kysely.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
