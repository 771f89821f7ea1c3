import { formatAmount } from '@rigshare/domain';
import { approveWithdrawal, confirmDeposit, pendingDeposits, pendingWithdrawals, rejectDeposit, rejectWithdrawal } from '../features/wallet';
import { loadConfig } from '../config';
import { staffForCommand } from '../features/staff';
import { idArg, listCommand, operatorNow, type AdminCommand } from './command';
import { say } from './output';

/** Staff decisions on withdrawals and cash deposits. */
export const WALLET_COMMANDS: AdminCommand[] = [
  listCommand('withdraw:list', 'Lists the pending withdrawals', {
    rows: async (db) => (await pendingWithdrawals(db.kysely)).rows,
    none: 'no pending withdrawals',
    show: (w) => say`#${w.id} ${w.created_at} ${w.phone} ${w.channel} amount ${formatAmount(BigInt(w.amount))} fee ${formatAmount(BigInt(w.fee))} pay ${formatAmount(BigInt(w.net))} USDT to ${w.payout_to}`,
  }),
  {
    name: 'withdraw:approve',
    usage: '<id> --tx <hash> | --ref <reference> --by <staff login>',
    summary: 'Approves a pending withdrawal (USDT: the tx hash; bank: the reference) as a finance or admin staff member; above FOUR_EYES_THRESHOLD_USDT a second, different one must approve too, and that approval pays it',
    args: 1,
    options: ['tx', 'ref', 'by'],
    async run(db, { args, options }) {
      const staff = await staffForCommand(db.kysely, options.by, ['finance']);
      const threshold = loadConfig().staff.fourEyesThreshold;
      const w = await approveWithdrawal(db, {
        id: idArg(args[0]),
        txHash: options.tx,
        reference: options.ref,
        fourEyesThreshold: threshold,
        by: staff.login,
        actorRole: staff.role,
        at: new Date(),
      });
      if (w.status === 'Pending') {
        say`withdrawal #${w.id}: approval ${w.approvals.length} of ${w.approvalsNeeded} recorded (${staff.login}); a different finance staff member must approve to pay it`;
      } else {
        say`withdrawal #${w.id} Succeeded: ${formatAmount(BigInt(w.net))} USDT paid, fee ${formatAmount(BigInt(w.fee))}`;
      }
      return 0;
    },
  },
  {
    name: 'withdraw:reject',
    usage: '<id> --reason "..." [--by <name>]',
    summary: 'Refuses a pending withdrawal and returns the amount to the member',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const w = await rejectWithdrawal(db, {
        id: idArg(args[0]),
        reason: options.reason,
        fourEyesThreshold: loadConfig().staff.fourEyesThreshold,
        ...operatorNow(options),
      });
      say`withdrawal #${w.id} Failed: ${formatAmount(BigInt(w.amount))} USDT returned to the member`;
      return 0;
    },
  },
  listCommand('deposit:list', 'Lists the pending cash deposits', {
    rows: async (db) => (await pendingDeposits(db.kysely)).rows,
    none: 'no pending deposits',
    show: (d) => say`#${d.id} ${d.created_at} ${d.phone} ${d.channel}: ${formatAmount(BigInt(d.amount))} ${d.currency} (= ${formatAmount(BigInt(d.usdt_amount))} USDT), reference ${d.reference}`,
  }),
  {
    name: 'deposit:confirm',
    usage: '<id> [--by <name>]',
    summary: 'Confirms a cash deposit arrived and credits it (once)',
    args: 1,
    options: ['by'],
    async run(db, { args, options }) {
      const { deposit, alreadyConfirmed } = await confirmDeposit(db, { id: idArg(args[0]), ...operatorNow(options) });
      say`${alreadyConfirmed
          ? `deposit #${deposit.id} was already confirmed, nothing changed`
          : `deposit #${deposit.id} Arrived: ${formatAmount(BigInt(deposit.usdtAmount))} USDT credited`}`;
      return 0;
    },
  },
  {
    name: 'deposit:reject',
    usage: '<id> --reason "..." [--by <name>]',
    summary: 'Refuses a pending cash deposit; nothing is credited',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const d = await rejectDeposit(db, { id: idArg(args[0]), reason: options.reason, ...operatorNow(options) });
      say`deposit #${d.id} Failed, nothing credited`;
      return 0;
    },
  },
];
