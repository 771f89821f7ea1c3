import { formatAmount } from '@rigshare/domain';
import type { ChainConfig } from '../../config';
import type { Db } from '../../db/connect';
import type { Clock } from '../../clock';
import { scanOnce, type ScanResult } from './scan';
import { chainOffReason, OFF_LOG_LINES } from './status';

export interface WatcherLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export type PassOutcome = ScanResult | { status: 'error'; message: string };

export interface ChainWatcher {
  /** Whether passes are still scheduled (false when off by configuration or stopped by a decimals mismatch). */
  readonly running: boolean;
  /** The result of the first pass (or the off reason at once). */
  readonly firstPass: Promise<PassOutcome>;
  stop(): void;
}

/**
 * Runs scanOnce every CHAIN_POLL_MS; passes never overlap in this process and the timer never keeps
 * the process alive. Off by configuration: logs one line why and schedules nothing. A decimals
 * mismatch logs one error line and stops the watcher: nothing is credited until the config is fixed.
 * `shouldRun`, asked before each pass, lets only the instance that leads a fleet scan.
 */
export function startChainWatcher(
  db: Db,
  config: ChainConfig,
  clock: Clock,
  log: WatcherLog,
  { shouldRun }: { shouldRun?: () => Promise<boolean> } = {},
): ChainWatcher {
  const off = chainOffReason(config);
  if (off) {
    log.warn(OFF_LOG_LINES[off]);
    return { running: false, firstPass: Promise.resolve({ status: 'off', reason: off }), stop: () => {} };
  }
  log.info(
    `USDT deposit watcher on: token ${config.tokenAddress}, ${config.confirmations} confirmations, ` +
      `minimum ${formatAmount(config.minimum)} USDT, every ${config.pollMs} ms`,
  );
  let running = true;
  let timer: NodeJS.Timeout | null = null;
  let lastError = '';
  let resolveFirst: (outcome: PassOutcome) => void = () => {};
  const firstPass = new Promise<PassOutcome>((resolve) => (resolveFirst = resolve));

  const scan = async () => {
    try {
      const result = await scanOnce(db, config, clock());
      resolveFirst(result);
      lastError = '';
      if (result.status === 'decimalsMismatch') {
        log.error(
          `USDT deposit watcher stopped: the token contract ${config.tokenAddress} on chain ${result.chainId} has ` +
            `${result.onChain} decimals but USDT_DECIMALS is ${result.configured}; nothing is credited until this is fixed`,
        );
        running = false;
      } else if (result.status === 'ok' && (result.recorded || result.credited || result.moved || result.dropped)) {
        log.info(
          `USDT deposits: ${result.recorded} new, ${result.credited} credited, ${result.moved} moved by a reorganisation, ` +
            `${result.dropped} dropped (head ${result.head})`,
        );
      }
    } catch (error) {
      // Keep polling: the RPC may come back. Log each distinct failure once, not every pass.
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      if (message !== lastError) log.warn(`USDT deposit watcher pass failed, retrying: ${message}`);
      lastError = message;
      resolveFirst({ status: 'error', message });
    }
  };

  const pass = async () => {
    timer = null;
    // In a fleet only the instance that leads scans (jobs/leadership.ts); the others ask again next poll.
    if (!shouldRun || (await shouldRun())) await scan();
    if (running) {
      timer = setTimeout(() => void pass(), config.pollMs);
      timer.unref();
    }
  };
  void pass();
  return {
    get running() {
      return running;
    },
    firstPass,
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
    },
  };
}
