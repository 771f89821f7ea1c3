import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import { smsBudgetUsed } from '../accounts';
import { chainOffReason, watcherProgress } from '../chain';
import { platformBalances, platformOutflows } from '../../ledger/accounts';
import type { AppDeps } from '../../types';
import { cached } from './cached';

/** Balances and queues change by the second: a scrape may use a read this young. */
const READ_TTL_MS = 5_000;
/** Spending rates (a day's income, a week's budget spending) move slowly and cost more to read. */
const RATE_TTL_MS = 5 * 60_000;
/** What "days covered" reports when nothing is due: 100 years, not +Inf, so graphs and comparisons work. */
export const DAYS_WHEN_NOTHING_DUE = 36_500;
const DAY_MS = 86_400_000;
/** The window the budgets' spending rate is averaged over. */
const BUDGET_RATE_DAYS = 7;

const POOL = 'platform.revenue_pool';
/** Each promotions budget account, by the label its series carries. */
const BUDGETS = { rewards: 'platform.rewards_budget', promotions: 'platform.rewards_expense' } as const;
const BUDGET_KINDS = Object.values(BUDGETS);

const usdt = (micro: bigint) => Number(micro) / 1e6;
const daysOf = (balance: bigint, perDay: bigint) => (perDay > 0n ? Math.min(DAYS_WHEN_NOTHING_DUE, Number(balance) / Number(perDay)) : DAYS_WHEN_NOTHING_DUE);

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'counters' | 'log'>;

/**
 * The money and queue gauges, read from the database when Prometheus scrapes (each group one query,
 * cached a few seconds). Every instance reports the same values; dashboards take max() across them.
 * A failed read keeps the last values (and logs): one slow query must not lose the whole scrape.
 */
export function businessGauges(registry: Registry, deps: Deps): void {
  const k = deps.db.kysely;
  // The app's clock, as the rows' times are: a test moves it past the cache.
  const now = () => deps.clock().getTime();
  const registers = [registry];
  const guarded = <G>(what: string, collect: (gauge: G) => Promise<void>) =>
    async function (this: G) {
      try {
        await collect(this);
      } catch (error) {
        deps.log.warn({ err: error }, `metrics: reading ${what} failed; the gauges keep their last values`);
      }
    };

  const balances = cached(READ_TTL_MS, () => platformBalances(k, [POOL, ...BUDGET_KINDS]), now);
  // Income the pool pays each day at today's rate: every order still earning (as the accrual job pays them).
  const incomePerDay = cached(RATE_TTL_MS, async () => {
    const row = await k
      .selectFrom('orders')
      .select(sql<string | number | bigint | null>`SUM(day_return_amount * quantity)`.as('perDay'))
      .where('status', '=', 'Valid')
      .where('ends_ms', '>', now())
      .executeTakeFirst();
    return BigInt(row?.perDay ?? 0);
  }, now);
  const budgetSpending = cached(RATE_TTL_MS, () => platformOutflows(k, BUDGET_KINDS, new Date(now() - BUDGET_RATE_DAYS * DAY_MS)), now);

  new Gauge({
    name: 'rigshare_revenue_pool_balance_usdt',
    help: 'The revenue pool that pays members their daily income (USDT)',
    registers,
    collect: guarded('the revenue pool', async (gauge: Gauge) => {
      gauge.set(usdt((await balances())[POOL]));
    }),
  });
  new Gauge({
    name: 'rigshare_revenue_pool_days_covered',
    help: `Days the revenue pool pays the running orders' income at today's rate (${DAYS_WHEN_NOTHING_DUE} when nothing is due)`,
    registers,
    collect: guarded('the revenue pool', async (gauge: Gauge) => {
      gauge.set(daysOf((await balances())[POOL], await incomePerDay()));
    }),
  });
  new Gauge({
    name: 'rigshare_budget_balance_usdt',
    help: 'Balance of each rewards and promotions budget (USDT)',
    labelNames: ['budget'] as const,
    registers,
    collect: guarded('the budgets', async (gauge: Gauge<'budget'>) => {
      const read = await balances();
      for (const [budget, kind] of Object.entries(BUDGETS)) gauge.set({ budget }, usdt(read[kind]));
    }),
  });
  new Gauge({
    name: 'rigshare_budget_days_left',
    help: `Days each budget lasts at its spending of the last ${BUDGET_RATE_DAYS} days (${DAYS_WHEN_NOTHING_DUE} when nothing was spent)`,
    labelNames: ['budget'] as const,
    registers,
    collect: guarded('the budgets', async (gauge: Gauge<'budget'>) => {
      const [read, spent] = [await balances(), await budgetSpending()];
      for (const [budget, kind] of Object.entries(BUDGETS)) gauge.set({ budget }, daysOf(read[kind], spent[kind] / BigInt(BUDGET_RATE_DAYS)));
    }),
  });

  const waiting = cached(READ_TTL_MS, async () => {
    const row = await k
      .selectFrom('withdrawals')
      .select([sql<string | number>`COUNT(*)`.as('n'), sql<string | null>`MIN(created_at)`.as('oldest')])
      .where('status', '=', 'Pending')
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), oldest: row.oldest === null ? null : new Date(row.oldest) };
  }, now);
  new Gauge({
    name: 'rigshare_withdrawals_waiting',
    help: 'Withdrawals waiting for staff',
    registers,
    collect: guarded('the withdrawals', async (gauge: Gauge) => {
      gauge.set((await waiting()).count);
    }),
  });
  new Gauge({
    name: 'rigshare_withdrawal_oldest_wait_seconds',
    help: 'How long the oldest waiting withdrawal has waited (0 when none waits)',
    registers,
    collect: guarded('the withdrawals', async (gauge: Gauge) => {
      const { oldest } = await waiting();
      gauge.set(oldest ? Math.max(0, (now() - oldest.getTime()) / 1000) : 0);
    }),
  });
  new Gauge({
    name: 'rigshare_withdrawal_promised_seconds',
    help: 'The processing time promised to members (WITHDRAW_PROMISED_HOURS), for alerts to compare with',
    registers,
    collect() {
      this.set(deps.config.withdrawPromisedHours * 3600);
    },
  });
  // Above FOUR_EYES_THRESHOLD_USDT a withdrawal is paid at its second approval: one still pending with an approval waits for it.
  const firstApprovals = cached(READ_TTL_MS, async () => {
    const row = await k
      .selectFrom('withdrawals as w')
      .select(sql<string | number>`COUNT(*)`.as('n'))
      .where('w.status', '=', 'Pending')
      .where((eb) => eb.exists(eb.selectFrom('withdrawal_approvals as a').select('a.id').whereRef('a.withdrawal_id', '=', 'w.id')))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }, now);
  new Gauge({
    name: 'rigshare_first_approvals_waiting',
    help: 'Withdrawals approved once that wait for a second staff member (four-eyes)',
    registers,
    collect: guarded('the approvals', async (gauge: Gauge) => {
      gauge.set(await firstApprovals());
    }),
  });

  new Gauge({
    name: 'rigshare_sms_hour_budget_used_ratio',
    help: "How much of this clock hour's SMS budget (SMS_HOURLY_BUDGET) is spent, 0..1",
    registers,
    collect: guarded('the SMS budget', async (gauge: Gauge) => {
      gauge.set(await smsBudgetUsed(deps));
    }),
  });

  // Without a watcher configured there is nothing to be behind: no series rather than a 1970 timestamp.
  if (chainOffReason(deps.config.chain)) return;
  const progress = cached(READ_TTL_MS, () => watcherProgress(k), now);
  new Gauge({
    name: 'rigshare_chain_block_lag',
    help: 'Blocks the USDT deposit watcher is behind the chain head it last read',
    registers,
    collect: guarded('the chain cursor', async (gauge: Gauge) => {
      const read = await progress();
      if (read) gauge.set(read.blocksBehind);
    }),
  });
  new Gauge({
    name: 'rigshare_chain_last_scan_timestamp_seconds',
    help: 'When the USDT deposit watcher last read the chain (unix seconds; 0 before its first pass)',
    registers,
    collect: guarded('the chain cursor', async (gauge: Gauge) => {
      const read = await progress();
      if (read) gauge.set(read.lastScanAt.getTime() / 1000);
    }),
  });
}
