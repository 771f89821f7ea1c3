import { formatAmount, type RewardKind, type RewardStatus } from '@rigshare/domain';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db, DialectName } from '../db/connect';
import { toMicro, type Database } from '../db/schema';
import { manyMembersAccounts, platformAccountId } from '../ledger/accounts';
import { lockAccounts, postBatch, type PostedTransfer, type TransferType } from '../ledger/ledger';
import { fundPlatformAccount, type Funding } from '../ledger/operator';
import type { ActedBy } from '../audit';
import { notifyMembers } from '../notices';
import { recordMemberEvent, recordMembersEvent } from '../events';

/**
 * Team rewards and the rewards budget (DESIGN.md section 1).
 *
 * Every reward (referral bonus, team benefits, sign-in, register, join-group, video share) is a row in
 * `rewards` with a unique source key (what earned it: "signin:<member>:<day>", "referral:<order>:A", ...)
 * and is paid by one ledger transfer (key reward:<id>) from platform.rewards_budget to the member's
 * available balance. The budget is a non-negative account that staff fund with a stated reason
 * (`npm run admin -- rewards:fund <amount> --reason "..."`), from platform.rewards_funding, exactly as
 * mining revenue funds the revenue pool. Members' deposits and purchases never pay a reward.
 *
 * When the budget cannot cover a reward it stays Pending ("pending: reward budget"); pending rewards are
 * paid strictly in the order they were earned (by id) whenever the budget is funded and on every job tick.
 */

export type { RewardKind, RewardStatus };

/** The ledger record type of each reward kind (shown in the member's wallet records). */
export const REWARD_TRANSFER_TYPE: Record<RewardKind, TransferType> = {
  referral: 'Referral Bonus',
  team: 'Team Benefits',
  signin: 'Bonus',
  register: 'Invite Bonus',
  joingroup: 'Bonus',
  video: 'Bonus',
};

export interface RewardGrant {
  userId: number;
  kind: RewardKind;
  /** Unique per reward ever: granting the same key again changes nothing. */
  sourceKey: string;
  amount: bigint;
  fromUserId?: number | null;
  level?: 'A' | 'B' | 'C' | null;
  at: Date;
}

/**
 * Records a reward as Pending, inside the caller's transaction (so it commits with what earned it).
 * Returns the reward's id and whether this call created it (false: the source key was granted before).
 * Amounts of 0 grant nothing (a rate or amount configured to 0). Call payPendingRewards after commit.
 */
export async function grantReward(trx: Kysely<Database>, grant: RewardGrant): Promise<{ id: number; created: boolean } | null> {
  if (grant.amount < 0n) throw new Error('A reward cannot be negative');
  if (grant.amount === 0n) return null;
  const inserted = await trx
    .insertInto('rewards')
    .values({
      user_id: grant.userId,
      kind: grant.kind,
      source_key: grant.sourceKey,
      amount: grant.amount,
      status: 'Pending',
      from_user_id: grant.fromUserId ?? null,
      level: grant.level ?? null,
      transfer_id: null,
      created_at: grant.at.toISOString(),
      paid_at: null,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    // Paid at once when the budget covers it (payPendingRewards); until then the member sees it pending.
    await recordMemberEvent(trx, grant.userId, 'reward', { status: 'pending' }, grant.at);
    return { id: inserted.id, created: true };
  }
  const existing = await trx.selectFrom('rewards').select('id').where('source_key', '=', grant.sourceKey).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

export interface PayoutResult {
  paid: number;
  total: bigint;
  /** Rewards still waiting for the budget after this run. */
  pending: number;
}

/** How many pending rewards one transaction pays at most (the next run continues). */
const PAYOUT_BATCH = 500;

/** A reward's ledger key, reward:<id>, computed in SQL from the given id column. */
const rewardKeyOf = (idColumn: string) => sql`${sql.lit('reward:')} || CAST(${sql.ref(idColumn)} AS VARCHAR(20))`;

/**
 * Pays pending rewards in the order they were earned while the budget covers them; stops at the first
 * one it cannot cover, so a later, smaller reward never overtakes an earlier one. Locks the budget
 * account first (PostgreSQL FOR UPDATE, SQLite BEGIN IMMEDIATE), so concurrent runs on several servers
 * pay each reward once; the ledger key reward:<id> is the last guard.
 */
export async function payPendingRewards(db: Db, at: Date): Promise<PayoutResult> {
  const result: PayoutResult = { paid: 0, total: 0n, pending: 0 };
  // Each batch paid every pending reward up to its last id, so the next one starts after it: the status
  // index's entries of the rewards just paid are dead until vacuum, and scanning past them every batch
  // made a long run quadratic. (A reward committed meanwhile under a lower id waits for the next run.)
  const budget = await platformAccountId(db.kysely, 'platform.rewards_budget');
  let after = 0;
  for (;;) {
    const batch = await db.kysely.transaction().execute((trx) => payBatch(trx, db.dialect, { budget, at, after }));
    result.paid += batch.paid;
    result.total += batch.total;
    if (!batch.more) break;
    after = batch.lastId;
  }
  const waiting = await db.kysely
    .selectFrom('rewards')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'Pending')
    .executeTakeFirstOrThrow();
  result.pending = Number(waiting.n);
  return result;
}

/**
 * One transaction of a payout: the longest run of pending rewards, oldest first, that the budget covers,
 * paid set-based whatever its length (a handful of statements instead of about ten round trips per
 * reward): the members' accounts, one transfer per reward (key reward:<id>) posted by `postBatch` per
 * reward kind, the rewards marked Paid with their transfer, and each member's message.
 */
async function payBatch(
  trx: Kysely<Database>,
  dialect: DialectName,
  { budget, at, after }: { budget: number; at: Date; after: number },
): Promise<{ paid: number; total: bigint; more: boolean; lastId: number }> {
  await lockAccounts(trx, dialect, [budget]);
  const balanceRow = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', budget).executeTakeFirstOrThrow();
  const due = await trx
    .selectFrom('rewards')
    .select(['id', 'user_id', 'kind', 'amount'])
    .where('status', '=', 'Pending')
    .where('id', '>', after)
    .orderBy('id')
    .limit(PAYOUT_BATCH)
    .execute();
  const covered = coveredInOrder(
    due.map((reward) => ({ ...reward, amount: toMicro(reward.amount) })),
    toMicro(balanceRow.balance),
  );
  const more = covered.length === PAYOUT_BATCH;
  const lastId = covered.at(-1)?.id ?? after;
  if (covered.length === 0) return { paid: 0, total: 0n, more, lastId };

  // Locked after the budget, in id order, as a single reward's payment locked them.
  const accounts = await manyMembersAccounts(trx, covered.map((reward) => reward.user_id), at);
  await lockAccounts(trx, dialect, [...accounts.values()].map((a) => a['member.available']));

  const operationKey = `rewards-payout:${randomUUID()}`;
  const byKind = new Map<RewardKind, typeof covered>();
  for (const reward of covered) {
    const kind = reward.kind as RewardKind;
    const group = byKind.get(kind);
    if (group) group.push(reward);
    else byKind.set(kind, [reward]);
  }
  for (const [kind, rewards] of byKind) {
    await postBatch(trx, {
      operationKey,
      // The member's account by a lookup per reward rather than a join: with a join, PostgreSQL may drive
      // from ledger_accounts and probe the rewards once per member (measured: 0.8 s instead of 10 ms).
      source: sql`
        SELECT ${rewardKeyOf('r.id')} AS idempotency_key, CAST(${budget} AS INTEGER) AS debit_account_id,
               (SELECT la.id FROM ledger_accounts la WHERE la.owner_user_id = r.user_id AND la.kind = 'member.available') AS credit_account_id,
               r.amount
        FROM rewards r WHERE r.id IN (${sql.join(rewards.map((reward) => reward.id))})`,
      type: REWARD_TRANSFER_TYPE[kind] ?? 'Bonus',
      description: `reward_${kind}`,
      at,
    });
  }

  const ids = covered.map((reward) => reward.id);
  // The id range bounds the status index's scan to this batch: PostgreSQL may read the rows by that index,
  // whose entries of every reward paid since the last vacuum are dead, and unbounded it walked all of them
  // each batch (a run of N rewards went quadratic: 79 ms a batch of 500 after 60 000, 13 ms bounded).
  const marked = await sql`
    UPDATE rewards SET status = 'Paid', paid_at = ${at.toISOString()},
      transfer_id = (SELECT t.id FROM ledger_transfers t WHERE t.idempotency_key = ${rewardKeyOf('rewards.id')})
    WHERE id IN (${sql.join(ids)}) AND status = 'Pending' AND id BETWEEN ${ids[0]} AND ${ids.at(-1)}`.execute(trx);
  // The budget's lock keeps other payouts out, so every reward read above is still Pending.
  if (Number(marked.numAffectedRows) !== ids.length) throw new Error(`Payout: ${ids.length - Number(marked.numAffectedRows)} rewards changed under the lock`);

  await recordMembersEvent(trx, covered.map((reward) => reward.user_id), 'reward', { status: 'paid' }, at);
  // Referral and team rewards are the member's lower-level income (the team remote's income screen).
  const fromTeam = covered.filter((reward) => reward.kind === 'referral' || reward.kind === 'team');
  await recordMembersEvent(trx, fromTeam.map((reward) => reward.user_id), 'income', {}, at);
  // Each member hears of it in their messages, in the same transaction as the payment.
  await notifyMembers(
    trx,
    covered.map((reward) => ({
      userId: reward.user_id,
      kind: 'wallet',
      titleKey: 'pushRewardPaidTitle',
      bodyKey: 'pushRewardPaidBody',
      params: { amount: formatAmount(reward.amount) },
      at,
    })),
  );
  const total = covered.reduce((sum, reward) => sum + reward.amount, 0n);
  return { paid: covered.length, total, more, lastId };
}

/** The rewards, oldest first, up to the first one the balance left over cannot cover. */
function coveredInOrder<T extends { amount: bigint }>(rewards: T[], balance: bigint): T[] {
  let left = balance;
  const covered: T[] = [];
  for (const reward of rewards) {
    if (reward.amount > left) break;
    left -= reward.amount;
    covered.push(reward);
  }
  return covered;
}

/** The budget's balance and what waits for it. */
export async function rewardsBudget(k: Kysely<Database>): Promise<{ balance: bigint; pendingCount: number; pendingTotal: bigint }> {
  const budget = await platformAccountId(k, 'platform.rewards_budget');
  const row = await k.selectFrom('ledger_accounts').select('balance').where('id', '=', budget).executeTakeFirstOrThrow();
  const pending = await k
    .selectFrom('rewards')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.sum<string | number | null>('amount').as('total')])
    .where('status', '=', 'Pending')
    .executeTakeFirstOrThrow();
  return { balance: toMicro(row.balance), pendingCount: Number(pending.n), pendingTotal: BigInt(pending.total ?? 0) };
}

/** The rewards budget's funding: from platform.rewards_funding, the operator's own money. */
const REWARDS_FUNDING: Funding = {
  source: 'platform.rewards_funding',
  target: 'platform.rewards_budget',
  type: 'Rewards Budget',
  description: 'rewards_budget',
  auditAction: 'money.fund_rewards',
  keyPrefix: 'rewards-funding',
};

/**
 * Staff fund the rewards budget (from platform.rewards_funding) with a stated reason, then the rewards
 * that waited for it are paid in order. Returns the funding transfer and what the payout run paid.
 */
export async function fundRewardsBudget(
  db: Db,
  input: { amount: string; reason: string | undefined; at: Date; key?: string; actor?: ActedBy },
): Promise<{ transfer: PostedTransfer; payout: PayoutResult }> {
  const transfer = await fundPlatformAccount(db, REWARDS_FUNDING, input);
  const payout = await payPendingRewards(db, input.at);
  return { transfer, payout };
}

/**
 * The rewards' invariants (run by `admin ledger:check` and the tests): every Paid reward has its
 * reward:<id> transfer of its amount from the budget to the member; no Pending reward has one.
 */
export async function rewardProblems(k: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const rows = await sql<{ id: number; status: string; amount: string | number; t_amount: string | number | null; transfer_id: number | null; t_id: number | null }>`
    SELECT r.id, r.status, r.amount, r.transfer_id, t.id AS t_id, t.amount AS t_amount
    FROM rewards r
    LEFT JOIN ledger_transfers t ON t.idempotency_key = ${rewardKeyOf('r.id')}
    WHERE (r.status = 'Paid' AND (t.id IS NULL OR t.amount <> r.amount OR r.transfer_id IS NULL OR r.transfer_id <> t.id))
       OR (r.status = 'Pending' AND (t.id IS NOT NULL OR r.transfer_id IS NOT NULL))
       OR r.status NOT IN ('Pending', 'Paid')
    ORDER BY r.id LIMIT 20`.execute(k);
  for (const row of rows.rows) {
    problems.push(`reward ${row.id} is ${row.status} (amount ${row.amount}) but its transfer is ${row.t_id ?? 'missing'} (amount ${row.t_amount ?? '-'})`);
  }
  return problems;
}
