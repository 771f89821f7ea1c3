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

/** A platform account's balance, and the days its last week's average daily outflow would take to empty it. */
async function coverage(db: Kysely<Database>, kind: string, now: Date) {
  const account = await db.selectFrom('ledger_accounts').select(['id', 'balance']).where('kind', '=', kind).where('owner_user_id', 'is', null).executeTakeFirst();
  if (!account) return { balance: '0', daysCovered: null };
  const since = new Date(now.getTime() - OUTFLOW_DAYS * 86_400_000).toISOString();
  const out = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.sum<string | number | null>('amount').as('total'))
    .where('debit_account_id', '=', account.id)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const balance = toMicro(account.balance);
  const perDay = toMicro(out.total ?? 0) / BigInt(OUTFLOW_DAYS);
  return { balance: balance.toString(), daysCovered: perDay > 0n ? Math.floor(Number((balance * 10n) / perDay)) / 10 : null };
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
  // What members hold in their own accounts, and the daily income income payable holds for them.
  const owed = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<string | number | null>('balance').as('total'))
    .where((eb) => eb.or([eb('kind', 'in', [...MEMBER_KINDS]), eb.and([eb('kind', '=', 'platform.income_payable'), eb('owner_user_id', 'is', null)])]))
    .executeTakeFirstOrThrow();
  return {
    pending: { recharges, withdrawals, posts, submissions, feedback },
    revenuePool: await coverage(db, 'platform.revenue_pool', now),
    rewardsBudget: await coverage(db, 'platform.rewards_budget', now),
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
