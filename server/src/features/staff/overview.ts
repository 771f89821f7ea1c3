import type { AdminDashboard, AuditQuery, AuditRow } from '@rigshare/api-schema';
import { POST_STATUS, type Page } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { countedPage } from '../../db/paging';
import { toMicro, type Database } from '../../db/schema';
import { MEMBER_KINDS } from '../../ledger/accounts';

/** How far back the dashboard averages what the pool and the budget pay out. */
const OUTFLOW_DAYS = 7;

const pendingCount = (db: Kysely<Database>, table: 'cash_deposits' | 'withdrawals' | 'reward_submissions') =>
  db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'Pending')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

/** The budgets staff fund, each as its accounts: what is funded and free first, then what it reserved (promotions). */
export const BUDGETS = {
  pool: ['platform.revenue_pool'],
  rewards: ['platform.rewards_budget'],
  promotions: ['platform.rewards_expense', 'platform.rewards_reserved'],
} as const;
export type BudgetName = keyof typeof BUDGETS;

/**
 * A budget's free balance, what it reserved, what it paid out in the last 7 days (moves between its own
 * accounts, a reservation or its release, are not spending) and the days the two together last at that
 * rate (null when nothing was paid out).
 */
export async function budgetCoverage(db: Kysely<Database>, name: BudgetName, now: Date) {
  const kinds: readonly string[] = BUDGETS[name];
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'kind', 'balance']).where('kind', 'in', kinds).where('owner_user_id', 'is', null).execute();
  const ids = accounts.map((a) => a.id);
  const since = new Date(now.getTime() - OUTFLOW_DAYS * 86_400_000).toISOString();
  const out = ids.length
    ? await db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.sum<string | number | null>('amount').as('total'))
        .where('debit_account_id', 'in', ids)
        .where('credit_account_id', 'not in', ids)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
    : { total: 0 };
  const balance = accounts.filter((a) => a.kind === kinds[0]).reduce((sum, a) => sum + toMicro(a.balance), 0n);
  const reserved = accounts.filter((a) => a.kind !== kinds[0]).reduce((sum, a) => sum + toMicro(a.balance), 0n);
  const spent = toMicro(out.total ?? 0);
  const perDay = spent / BigInt(OUTFLOW_DAYS);
  return {
    budget: name,
    balance: balance.toString(),
    reserved: reserved.toString(),
    spentLastWeek: spent.toString(),
    daysCovered: perDay > 0n ? Math.floor(Number(((balance + reserved) * 10n) / perDay)) / 10 : null,
  };
}

/** A budget as the dashboard shows it: its balance and the days it covers. */
async function coverage(db: Kysely<Database>, name: BudgetName, now: Date) {
  const { balance, daysCovered } = await budgetCoverage(db, name, now);
  return { balance, daysCovered };
}

/** The staff dashboard: what waits for staff, the pool and budget with the days they cover, what members are owed. */
export async function dashboard(db: Kysely<Database>, now: Date): Promise<AdminDashboard> {
  const [recharges, withdrawals, posts, submissions, feedback] = await Promise.all([
    pendingCount(db, 'cash_deposits'),
    pendingCount(db, 'withdrawals'),
    db.selectFrom('posts').select((eb) => eb.fn.countAll<string | number>().as('n')).where('status', '=', POST_STATUS.pending).executeTakeFirstOrThrow().then((r) => Number(r.n)),
    pendingCount(db, 'reward_submissions'),
    db.selectFrom('feedback').select((eb) => eb.fn.countAll<string | number>().as('n')).where('reply', 'is', null).executeTakeFirstOrThrow().then((r) => Number(r.n)),
  ]);
  // What members hold in their own accounts, and the daily income and rewards income payable and rewards payable hold for them.
  const owed = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<string | number | null>('balance').as('total'))
    .where((eb) =>
      eb.or([eb('kind', 'in', [...MEMBER_KINDS]), eb.and([eb('kind', 'in', ['platform.income_payable', 'platform.rewards_payable']), eb('owner_user_id', 'is', null)])]),
    )
    .executeTakeFirstOrThrow();
  return {
    pending: { recharges, withdrawals, posts, submissions, feedback },
    revenuePool: await coverage(db, 'pool', now),
    rewardsBudget: await coverage(db, 'rewards', now),
    liabilities: toMicro(owed.total ?? 0).toString(),
  };
}

/** The audit log, newest first, filtered by staff, action (exact or a prefix ending in "."), member and time. */
export async function auditLog(db: Kysely<Database>, query: AuditQuery): Promise<Page<AuditRow>> {
  let base = db.selectFrom('audit_log');
  if (query.staff) base = base.where('actor', '=', query.staff);
  if (query.action) base = query.action.endsWith('.') ? base.where('action', 'like', `${query.action.replace(/[%_]/g, '')}%`) : base.where('action', '=', query.action);
  if (query.member) base = base.where('member_id', '=', query.member);
  if (query.from) base = base.where('created_at', '>=', new Date(query.from).toISOString());
  if (query.to) base = base.where('created_at', '<', new Date(query.to).toISOString());
  const { total, rows } = await countedPage(base, base.selectAll().orderBy('id', 'desc'), query);
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      at: r.created_at,
      staff: r.actor,
      role: r.actor_role,
      action: r.action,
      target: r.target,
      member: r.member_id,
      before: r.before_state,
      after: r.after_state,
      reason: r.reason,
      details: r.details,
      sourceAddress: r.source_address,
    })),
  };
}
