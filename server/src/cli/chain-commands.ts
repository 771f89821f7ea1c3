import { formatAmount } from '@rigshare/domain';
import { loadConfig } from '../config';
import { chainStatus, OFF_LOG_LINES, scanOnce } from '../features/chain';
import type { AdminCommand } from './command';
import { say } from './output';

/** USDT (BEP20) deposits found on chain (docs/chain-deposits.md). */
export const CHAIN_COMMANDS: AdminCommand[] = [
  {
    name: 'chain:scan',
    usage: '',
    summary: 'Scans the chain once for deposits and credits the confirmed ones',
    args: 0,
    async run(db) {
      const r = await scanOnce(db, loadConfig().chain, new Date());
      if (r.status === 'off') say`${OFF_LOG_LINES[r.reason]}`;
      else if (r.status === 'decimalsMismatch') {
        say`refused: the token has ${r.onChain} decimals on chain ${r.chainId} but USDT_DECIMALS is ${r.configured}; nothing recorded or credited`;
        return 1;
      } else {
        say`chain ${r.chainId} head ${r.head}: scanned blocks ${r.fromBlock}..${r.toBlock}, ${r.recorded} new deposit(s), ${r.credited} credited, ${r.moved} moved, ${r.dropped} dropped`;
      }
      return 0;
    },
  },
  {
    name: 'chain:status',
    usage: '',
    summary: 'Shows the deposit settings, the scan cursors and the deposits by status',
    args: 0,
    async run(db) {
      const chain = loadConfig().chain;
      const s = await chainStatus(db.kysely, chain);
      say`${s.reason ? `USDT deposits off: ${s.reason}` : `USDT deposits on: token ${chain.tokenAddress}, ${chain.confirmations} confirmations, minimum ${formatAmount(chain.minimum)} USDT`}`;
      for (const c of s.cursors) {
        say`chain ${c.chainId} token ${c.token} (${c.decimals} decimals): scanned ${c.startBlock}..${c.lastScannedBlock}, head ${c.headBlock}, at ${c.updatedAt}`;
      }
      say`${s.addresses} deposit address(es)`;
      for (const d of s.deposits) say`${d.status}: ${d.count} deposit(s), ${formatAmount(d.total)} USDT`;
      return 0;
    },
  },
];
