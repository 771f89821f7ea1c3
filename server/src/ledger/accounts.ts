import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const MEMBER_KINDS = ['member.available', 'member.pending_income', 'member.held'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

/**
 * Platform accounts. `allowNegative` marks the sources that money enters the system through
 * (their negative balance is what members and the pool hold); every other account stays >= 0.
 */
export const PLATFORM_ACCOUNTS = [
  { kind: 'platform.deposits_clearing', allowNegative: true },
  { kind: 'platform.mining_revenue', allowNegative: true },
  { kind: 'platform.revenue_pool', allowNegative: false },
  { kind: 'platform.rewards_expense', allowNegative: true },
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

export type PlatformKind =
  | (typeof PLATFORM_ACCOUNTS)[number]['kind']
  | (typeof WALLET_PLATFORM_ACCOUNTS)[number]['kind']
  | (typeof TEAM_PLATFORM_ACCOUNTS)[number]['kind'];

export async function platformAccountId(db: Kysely<Database>, kind: PlatformKind): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', kind)
    .where('owner_user_id', 'is', null)
    .executeTakeFirstOrThrow(() => new Error(`Platform account ${kind} is missing`));
  return row.id;
}

/** Several platform accounts' ids in one query, by kind (a purchase needs two). */
export async function platformAccountIds<K extends PlatformKind>(db: Kysely<Database>, kinds: readonly K[]): Promise<Record<K, number>> {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'kind']).where('kind', 'in', kinds).where('owner_user_id', 'is', null).execute();
  const ids = Object.fromEntries(rows.map((row) => [row.kind, row.id])) as Record<K, number>;
  for (const kind of kinds) if (ids[kind] === undefined) throw new Error(`Platform account ${kind} is missing`);
  return ids;
}

export type MemberAccounts = Record<MemberKind, number>;

/** The member's three accounts, created on first use (concurrent creators agree through the unique index). */
export async function memberAccounts(db: Kysely<Database>, userId: number, now: Date): Promise<MemberAccounts> {
  const find = () =>
    db.selectFrom('ledger_accounts').select(['id', 'kind']).where('owner_user_id', '=', userId).execute();
  let rows = await find();
  if (rows.length < MEMBER_KINDS.length) {
    await db
      .insertInto('ledger_accounts')
      .values(
        MEMBER_KINDS.map((kind) => ({ owner_user_id: userId, kind, allow_negative: 0, balance: 0, created_at: now.toISOString() })),
      )
      .onConflict((oc) => oc.columns(['owner_user_id', 'kind']).doNothing())
      .execute();
    rows = await find();
  }
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, r.id])) as MemberAccounts;
  for (const kind of MEMBER_KINDS) if (!byKind[kind]) throw new Error(`Account ${kind} of member ${userId} is missing`);
  return byKind;
}

/** Balances of a member's accounts (0 for a member who has none yet). */
export async function memberBalances(db: Kysely<Database>, userId: number): Promise<Record<MemberKind, bigint>> {
  const rows = await db.selectFrom('ledger_accounts').select(['kind', 'balance']).where('owner_user_id', '=', userId).execute();
  const result = { 'member.available': 0n, 'member.pending_income': 0n, 'member.held': 0n } as Record<MemberKind, bigint>;
  for (const row of rows) result[row.kind as MemberKind] = BigInt(row.balance);
  return result;
}
