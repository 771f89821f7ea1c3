import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/connect';

export const MEMBER_KINDS = ['member.available', 'member.pending_income', 'member.held'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

/**
 * Platform accounts. `allowNegative` marks the accounts that mirror money outside the platform
 * (`MIRROR_KINDS`; their negative balance is what members, the pool and the budgets hold); every other
 * account stays >= 0. rewards_expense, the promotions budget, may not since migration 0048.
 */
export const PLATFORM_ACCOUNTS = [
  { kind: 'platform.deposits_clearing', allowNegative: true },
  { kind: 'platform.mining_revenue', allowNegative: true },
  { kind: 'platform.revenue_pool', allowNegative: false },
  { kind: 'platform.rewards_expense', allowNegative: false },
  { kind: 'platform.adjustments', allowNegative: true },
  { kind: 'platform.rental_revenue', allowNegative: false },
  { kind: 'platform.fees', allowNegative: false },
] as const;

/** Platform accounts added by migration 0006 (the wallet): what withdrawals paid out. It only receives. */
export const WALLET_PLATFORM_ACCOUNTS = [{ kind: 'platform.withdrawals_paid', allowNegative: false }] as const;

/**
 * Platform accounts added by migration 0015 (team rewards): staff fund the rewards budget from
 * rewards_funding with a stated reason; every team reward is paid from the budget, never below zero.
 */
export const TEAM_PLATFORM_ACCOUNTS = [
  { kind: 'platform.rewards_funding', allowNegative: true },
  { kind: 'platform.rewards_budget', allowNegative: false },
] as const;

/**
 * Platform account added by migration 0041: the daily income the job paid and members have not taken out
 * yet, one transfer a run. Which member is owed what is in income_accruals (`owedIncome`); never below zero.
 */
export const INCOME_PLATFORM_ACCOUNTS = [{ kind: 'platform.income_payable', allowNegative: false }] as const;

/**
 * Platform account added by migration 0048: what exchange codes and coupons have reserved of the promotions
 * budget (platform.rewards_expense) and not paid yet. Redemptions and coupon discounts are paid from it.
 */
export const PROMOTION_PLATFORM_ACCOUNTS = [{ kind: 'platform.rewards_reserved', allowNegative: false }] as const;

/**
 * Platform account added by migration 0055: the rewards paid from the budget, one transfer a payout, and
 * not yet collected into their members' available balances. Which member is owed what is in rewards
 * (`owedRewards`); never below zero.
 */
export const REWARDS_PAYABLE_ACCOUNTS = [{ kind: 'platform.rewards_payable', allowNegative: false }] as const;

/**
 * The only accounts that may go negative: each mirrors money outside the platform, so its negative
 * balance is what that money became inside. Deposits in clearing (members' recharges), mining revenue
 * received, the operator's own money committed to promotions (rewards funding) and staff corrections of
 * money that moved outside the ledger (adjustments, each with a stated reason and an audit row).
 * `ledger:check` flags any other account that is negative or allowed to be.
 */
export const MIRROR_KINDS: readonly string[] = [
  'platform.deposits_clearing',
  'platform.mining_revenue',
  'platform.rewards_funding',
  'platform.adjustments',
];

export type PlatformKind =
  | (typeof PLATFORM_ACCOUNTS)[number]['kind']
  | (typeof WALLET_PLATFORM_ACCOUNTS)[number]['kind']
  | (typeof TEAM_PLATFORM_ACCOUNTS)[number]['kind']
  | (typeof INCOME_PLATFORM_ACCOUNTS)[number]['kind']
  | (typeof PROMOTION_PLATFORM_ACCOUNTS)[number]['kind']
  | (typeof REWARDS_PAYABLE_ACCOUNTS)[number]['kind'];

export async function platformAccountId(db: Kysely<Database>, kind: PlatformKind): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', kind)
    .where('owner_user_id', 'is', null)
    .executeTakeFirstOrThrow(() => new Error(`Platform account ${kind} is missing`));
  return row.id;
}

export type MemberAccounts = Record<MemberKind, number>;

/** An amount as a driver returns it: pg's BIGINT as a string, better-sqlite3's as a number or bigint. */
type StoredAmount = string | number | bigint;

/** The member's three accounts, created on first use (concurrent creators agree through the unique index). */
export async function memberAccounts(db: Kysely<Database>, userId: number, now: Date): Promise<MemberAccounts> {
  return (await manyMembersAccounts(db, [userId], now)).get(userId)!;
}

/**
 * Several members' accounts in two or three queries whatever their number (a reward payout pays up to
 * hundreds at once): read, create the missing ones, read again. Creation as in `memberAccounts`.
 */
export async function manyMembersAccounts(db: Kysely<Database>, userIds: readonly number[], now: Date): Promise<Map<number, MemberAccounts>> {
  const members = [...new Set(userIds)];
  if (members.length === 0) return new Map();
  const find = () =>
    db.selectFrom('ledger_accounts').select(['id', 'kind', 'owner_user_id']).where('owner_user_id', 'in', members).execute();
  let rows = await find();
  const existing = new Set(rows.map((r) => `${r.owner_user_id}:${r.kind}`));
  const missing = members.flatMap((userId) =>
    MEMBER_KINDS.filter((kind) => !existing.has(`${userId}:${kind}`)).map((kind) => ({
      owner_user_id: userId,
      kind,
      allow_negative: 0,
      balance: 0,
      created_at: now.toISOString(),
    })),
  );
  if (missing.length > 0) {
    await db
      .insertInto('ledger_accounts')
      .values(missing)
      .onConflict((oc) => oc.columns(['owner_user_id', 'kind']).doNothing())
      .execute();
    rows = await find();
  }
  const byMember = new Map<number, MemberAccounts>(members.map((userId) => [userId, {} as MemberAccounts]));
  for (const row of rows) byMember.get(row.owner_user_id!)![row.kind as MemberKind] = row.id;
  for (const [userId, accounts] of byMember) {
    for (const kind of MEMBER_KINDS) if (!accounts[kind]) throw new Error(`Account ${kind} of member ${userId} is missing`);
  }
  return byMember;
}

/**
 * The days the job paid into platform.income_payable for members that no takeout has moved to them yet
 * (one member's, or everyone's): what they are owed besides their own accounts. Read through the partial
 * index income_accruals_owed_idx, which holds only such days.
 */
export function owedIncome(db: Kysely<Database>) {
  return db.selectFrom('income_accruals').where('payable', '=', 1).where('takeout_request_id', 'is', null);
}

/**
 * The rewards paid into platform.rewards_payable that no debit of their member's available balance has
 * collected yet (one member's, or everyone's): part of the member's available balance. Read through the
 * partial index rewards_owed_idx, which holds only such rewards. Collected by ledger/owed-rewards.ts.
 */
export function owedRewards(db: Kysely<Database>) {
  return db.selectFrom('rewards').where('paid_run_id', 'is not', null).where('collect_key', 'is', null);
}

/**
 * A member's balances (0 for a member who has no accounts yet), read in one statement so that the three
 * describe one instant. Pending income is the member's own account plus their owed days (`owedIncome`);
 * available is their own account plus their owed rewards (`owedRewards`).
 */
export async function memberBalances(db: Kysely<Database>, userId: number): Promise<Record<MemberKind, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', sql<StoredAmount>`balance`.as('balance')])
    .where('owner_user_id', '=', userId)
    .unionAll(
      owedIncome(db)
        .select([sql.lit('member.pending_income').as('kind'), sql<StoredAmount>`COALESCE(SUM(amount), 0)`.as('balance')])
        .where('user_id', '=', userId),
    )
    .unionAll(
      owedRewards(db)
        .select([sql.lit('member.available').as('kind'), sql<StoredAmount>`COALESCE(SUM(amount), 0)`.as('balance')])
        .where('user_id', '=', userId),
    )
    .execute();
  const result = { 'member.available': 0n, 'member.pending_income': 0n, 'member.held': 0n } as Record<MemberKind, bigint>;
  for (const row of rows) result[row.kind as MemberKind] += BigInt(row.balance);
  return result;
}

/** The member accounts a purchase moves: it pays from available and is paid its first day into pending income. */
const SPENDING_KINDS = ['member.available', 'member.pending_income'] as const;
type SpendingKind = (typeof SPENDING_KINDS)[number];

/** What `lockSpenders` returns: each member's locked accounts with their balances, and the platform ids. */
export interface SpenderAccounts<K extends PlatformKind> {
  members: Map<number, Record<SpendingKind, { id: number; balance: bigint }>>;
  platform: Record<K, number>;
  /** The members who had owed rewards (`owedRewards`) when their accounts were locked: to collect before spending. */
  owingRewards: number[];
}

/**
 * Locks the members' available and pending-income accounts in id order, reads their balances, and looks
 * up the named platform accounts (not locked), all in one statement, so a batch of purchases has what it
 * needs before pricing for one round trip. Members without accounts yet get them first. Two callers
 * locking overlapping members both lock in id order, so neither holds a row the other waits for while
 * waiting itself. SQLite has no row locks: its write transactions run one at a time.
 */
export async function lockSpenders<K extends PlatformKind>(
  trx: Kysely<Database>,
  dialect: DialectName,
  userIds: readonly number[],
  platformKinds: readonly K[],
  now: Date,
): Promise<SpenderAccounts<K>> {
  const spenders = [...new Set(userIds)];
  const read = () =>
    trx
      .with('member', (db) =>
        db
          .selectFrom('ledger_accounts')
          .select(['id', 'kind', 'balance', 'owner_user_id'])
          .where('owner_user_id', 'in', spenders)
          .where('kind', 'in', SPENDING_KINDS)
          .orderBy('id')
          .$if(dialect === 'postgres', (qb) => qb.forUpdate()),
      )
      .selectFrom('member')
      .select(['id', 'kind', 'balance', 'owner_user_id'])
      .unionAll(
        trx
          .selectFrom('ledger_accounts')
          .select(['id', 'kind', 'balance', 'owner_user_id'])
          .where('owner_user_id', 'is', null)
          .where('kind', 'in', platformKinds),
      )
      // Which of them are owed rewards (read after the lock: a union's parts run in order).
      .unionAll(
        owedRewards(trx)
          .select([sql<number>`0`.as('id'), sql<string>`'owed'`.as('kind'), sql<StoredAmount>`SUM(amount)`.as('balance'), 'user_id as owner_user_id'])
          .where('user_id', 'in', spenders)
          .groupBy('user_id'),
      )
      .execute();
  const owing = new Set<number>();
  const accountRows = async () => {
    const all = await read();
    for (const row of all) if (row.kind === 'owed') owing.add(row.owner_user_id!);
    return all.filter((row) => row.kind !== 'owed');
  };
  let rows = await accountRows();
  if (rows.length < SPENDING_KINDS.length * spenders.length + platformKinds.length) {
    await manyMembersAccounts(trx, spenders, now);
    rows = await accountRows();
  }
  const members = new Map(spenders.map((id) => [id, {} as Record<SpendingKind, { id: number; balance: bigint }>]));
  const platform = {} as Record<K, number>;
  for (const row of rows) {
    if (row.owner_user_id === null) platform[row.kind as K] = row.id;
    else members.get(row.owner_user_id)![row.kind as SpendingKind] = { id: row.id, balance: BigInt(row.balance) };
  }
  for (const [userId, accounts] of members) {
    for (const kind of SPENDING_KINDS) if (!accounts[kind]) throw new Error(`Account ${kind} of member ${userId} is missing`);
  }
  for (const kind of platformKinds) if (platform[kind] === undefined) throw new Error(`Platform account ${kind} is missing`);
  return { members, platform, owingRewards: [...owing] };
}

/** Platform accounts' balances in one read (monitoring: metrics/business.ts); an account missing reads 0. */
export async function platformBalances<K extends PlatformKind>(db: Kysely<Database>, kinds: readonly K[]): Promise<Record<K, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', sql<StoredAmount>`balance`.as('balance')])
    .where('owner_user_id', 'is', null)
    .where('kind', 'in', [...kinds])
    .execute();
  const result = Object.fromEntries(kinds.map((kind) => [kind, 0n])) as Record<K, bigint>;
  for (const row of rows) result[row.kind as K] = BigInt(row.balance);
  return result;
}

/** What left each of these platform accounts since `since` (transfers debiting them), in one read. */
export async function platformOutflows<K extends PlatformKind>(db: Kysely<Database>, kinds: readonly K[], since: Date): Promise<Record<K, bigint>> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.debit_account_id')
    .select(['a.kind', sql<StoredAmount>`SUM(t.amount)`.as('amount')])
    .where('a.owner_user_id', 'is', null)
    .where('a.kind', 'in', [...kinds])
    .where('t.created_at', '>=', since.toISOString())
    .groupBy('a.kind')
    .execute();
  const result = Object.fromEntries(kinds.map((kind) => [kind, 0n])) as Record<K, bigint>;
  for (const row of rows) result[row.kind as K] = BigInt(row.amount ?? 0);
  return result;
}
