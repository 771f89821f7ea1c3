import { formatAmount, type RewardKind, type RewardStatus } from '@rigshare/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../db/connect';
import { toMicro, type Database } from '../db/schema';
import { platformAccountId } from '../ledger/accounts';
import { lockAccounts, postBatch, type PostedTransfer, type TransferType } from '../ledger/ledger';
import { fundPlatformAccount, type Funding } from '../ledger/operator';
import type { ActedBy } from '../audit';
import { notifyMembers } from '../notices';
import { recordMemberEvent, recordMembersEvent } from '../events';

/**
 * Team rewards and the rewards budget (DESIGN.md section 1).
 *
 * Every reward (referral bonus, team benefits, sign-in, register, join-group, video share) is a row in
 * `rewards` with a unique source key (what earned it: "signin:<member>:<day>", "referral:<order>:A", ...).
 * A payout pays rewards from platform.rewards_budget into platform.rewards_payable by one ledger transfer
 * (key rewards-run:<run>), the rewards marked with its run; each is then owed to its member, counts in
 * their available balance, and is collected into their available account before anything is taken from
 * it (ledger/owed-rewards.ts). Rewards paid before migration 0055 have their own transfer (reward:<id>)
 * to the member's available balance. The budget is a non-negative account that staff fund with a stated reason
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

/** A reward's ledger key before migration 0055, reward:<id>, computed in SQL from the given id column. */
const rewardKeyOf = (idColumn: string) => sql`${sql.lit('reward:')} || CAST(${sql.ref(idColumn)} AS VARCHAR(20))`;

/** A payout's one transfer's key, from the budget into rewards payable: rewards-run:<run>. */
export const payoutKey = (runId: number) => `rewards-run:${runId}`;

/** The same key computed in SQL from a column holding the payout's run (e.g. rewards.paid_run_id). */
export const payoutKeyOf = (runColumn: string) => sql<string>`${sql.lit('rewards-run:')} || CAST(${sql.ref(runColumn)} AS VARCHAR(20))`;

/**
 * Pays pending rewards in the order they were earned while the budget covers them; stops at the first
 * one it cannot cover, so a later, smaller reward never overtakes an earlier one. Locks the budget
 * account first (PostgreSQL FOR UPDATE, SQLite BEGIN IMMEDIATE), so concurrent runs on several servers
 * pay each reward once.
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
 * paid set-based: the rewards marked Paid by this payout (paid_run_id), their sum moved by one transfer
 * into rewards payable (`postPayout`), and their members told (`tellPaidMembers`). No member's account
 * is touched: each reward is owed to its member from rewards payable until a debit of their available
 * balance collects it (ledger/owed-rewards.ts).
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

  const runId = await startPayout(trx, at);
  const ids = covered.map((reward) => reward.id);
  // The id range bounds the status index's scan to this batch: PostgreSQL may read the rows by that index,
  // whose entries of every reward paid since the last vacuum are dead, and unbounded it walked all of them
  // each batch (a run of N rewards went quadratic: 79 ms a batch of 500 after 60 000, 13 ms bounded).
  const marked = await sql`
    UPDATE rewards SET status = 'Paid', paid_at = ${at.toISOString()}, paid_run_id = ${runId}
    WHERE id IN (${sql.join(ids)}) AND status = 'Pending' AND id BETWEEN ${ids[0]} AND ${ids.at(-1)}`.execute(trx);
  // The budget's lock keeps other payouts out, so every reward read above is still Pending.
  if (Number(marked.numAffectedRows) !== ids.length) throw new Error(`Payout: ${ids.length - Number(marked.numAffectedRows)} rewards changed under the lock`);
  const posted = await postPayout(trx, {
    runId,
    budget,
    at,
    paid: sql`SELECT amount FROM rewards WHERE paid_run_id = ${runId} AND id BETWEEN ${ids[0]} AND ${ids.at(-1)}`,
  });
  await tellPaidMembers(trx, runId, ids[0]!, at);
  return { paid: covered.length, total: posted.total, more, lastId };
}

/** A payout's run (job_runs, job 'rewards-payout'): its id names the payout's transfer and its rewards' paid_run_id. */
export async function startPayout(trx: Kysely<Database>, at: Date): Promise<number> {
  const run = await trx
    .insertInto('job_runs')
    .values({ job: 'rewards-payout', as_of: at.toISOString(), created_at: new Date().toISOString(), max_order_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

/**
 * A payout's one transfer (key rewards-run:<run>): the sum of the rewards `paid` selects (their amount
 * column) from the budget, whose lock the caller holds, into rewards payable. `prelude`: the caller's
 * statement that pays them, run in the same statement on PostgreSQL (`postBatch`). Nothing moves when
 * the sum is 0; the budget going below zero throws InsufficientFundsError.
 */
export async function postPayout(
  trx: Kysely<Database>,
  input: { runId: number; budget: number; at: Date; paid: RawBuilder<unknown>; prelude?: { name: string; query: RawBuilder<unknown> }[] },
): Promise<{ count: number; total: bigint; preludeRows?: Record<string, number> }> {
  const payable = await platformAccountId(trx, 'platform.rewards_payable');
  return postBatch(trx, {
    operationKey: payoutKey(input.runId),
    source: sql`
      SELECT ${payoutKey(input.runId)} AS idempotency_key, CAST(${input.budget} AS INTEGER) AS debit_account_id,
             CAST(${payable} AS INTEGER) AS credit_account_id, p.amount
      FROM (SELECT SUM(amount) AS amount FROM (${input.paid}) AS r) AS p`,
    type: 'Rewards Payable',
    description: 'rewards_payable',
    at: input.at,
    prelude: input.prelude,
    // The key names a run created in this transaction: it cannot exist yet.
    keysAreNew: true,
  });
}

/** How many members one message statement tells at most (PostgreSQL binds at most 65 535 parameters a statement). */
const TELL_CHUNK = 1000;

/**
 * Tells every member a payout paid (its rewards from id `fromId` on): one message each with what the
 * payout paid them in all (a member high in a large team may be paid thousands of rewards at once), a `reward` event, and an `income` event for those paid lower-level income
 * (referral and team rewards: the team remote's income screen). In the payout's transaction.
 */
export async function tellPaidMembers(trx: Kysely<Database>, runId: number, fromId: number, at: Date): Promise<void> {
  const paid = await trx
    .selectFrom('rewards')
    .select(['user_id', (eb) => eb.fn.sum<string | number | bigint>('amount').as('amount'), (eb) => eb.fn.countAll<string | number>().as('count')])
    .select(sql<number>`MAX(CASE WHEN kind IN ('referral', 'team') THEN 1 ELSE 0 END)`.as('from_team'))
    .where('id', '>=', fromId)
    .where('paid_run_id', '=', runId)
    .groupBy('user_id')
    .orderBy('user_id')
    .execute();
  for (let i = 0; i < paid.length; i += TELL_CHUNK) {
    const chunk = paid.slice(i, i + TELL_CHUNK);
    await recordMembersEvent(trx, chunk.map((member) => member.user_id), 'reward', { status: 'paid' }, at);
    await recordMembersEvent(trx, chunk.filter((member) => Number(member.from_team) === 1).map((member) => member.user_id), 'income', {}, at);
    // Each member hears of it in their messages, in the same transaction as the payment.
    await notifyMembers(
      trx,
      chunk.map((member) => ({
        userId: member.user_id,
        kind: 'wallet',
        titleKey: 'pushRewardPaidTitle',
        bodyKey: Number(member.count) === 1 ? 'pushRewardPaidBody' : 'pushRewardsPaidBody',
        params: { amount: formatAmount(BigInt(member.amount)), count: Number(member.count) },
        at,
      })),
    );
  }
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
 * The rewards' invariants (run by `admin ledger:check` and the tests):
 * - a Paid reward is paid exactly one way: by a payout (paid_run_id) or, before migration 0055, by its
 *   own reward:<id> transfer of its amount from the budget to the member; a Pending reward by neither,
 *   and only a reward paid by a payout may be collected;
 * - each payout's transfer out of the budget (rewards-run:<run>) is the sum of the rewards it paid;
 * - rewards payable holds exactly the rewards paid and not yet collected;
 * - each collection's transfer (its rewards' collect_key) moves their sum to their member's available account;
 * - every reward's member and team member exist (PostgreSQL has no foreign keys for it since migration 0056).
 */
export async function rewardProblems(k: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const rows = await sql<{ id: number; status: string; amount: string | number; t_amount: string | number | null; t_id: number | null; paid_run_id: number | null }>`
    SELECT r.id, r.status, r.amount, t.id AS t_id, t.amount AS t_amount, r.paid_run_id
    FROM rewards r
    LEFT JOIN ledger_transfers t ON t.idempotency_key = ${rewardKeyOf('r.id')}
    WHERE (r.status = 'Paid' AND r.paid_run_id IS NULL AND (t.id IS NULL OR t.amount <> r.amount OR r.transfer_id IS NULL OR r.transfer_id <> t.id))
       OR (r.status = 'Paid' AND r.paid_run_id IS NOT NULL AND (t.id IS NOT NULL OR r.transfer_id IS NOT NULL))
       OR (r.status = 'Pending' AND (t.id IS NOT NULL OR r.transfer_id IS NOT NULL OR r.paid_run_id IS NOT NULL))
       OR (r.collect_key IS NOT NULL AND r.paid_run_id IS NULL)
       OR r.status NOT IN ('Pending', 'Paid')
    ORDER BY r.id LIMIT 20`.execute(k);
  for (const row of rows.rows) {
    problems.push(`reward ${row.id} is ${row.status} (amount ${row.amount}, payout ${row.paid_run_id ?? 'none'}) but its own transfer is ${row.t_id ?? 'missing'} (amount ${row.t_amount ?? '-'})`);
  }

  const payouts = await sql<{ run: number; rewards: string | number; transferred: string | number | null }>`
    SELECT r.paid_run_id AS run, r.rewards, t.amount AS transferred
    FROM (SELECT paid_run_id, SUM(amount) AS rewards FROM rewards WHERE paid_run_id IS NOT NULL GROUP BY paid_run_id) AS r
    LEFT JOIN ledger_transfers t ON t.idempotency_key = ${payoutKeyOf('r.paid_run_id')}
    WHERE t.amount IS NULL OR t.amount <> r.rewards
    ORDER BY r.paid_run_id LIMIT 20`.execute(k);
  for (const row of payouts.rows) problems.push(`rewards payout ${row.run} paid rewards worth ${row.rewards} but its transfer is ${row.transferred ?? 'missing'}`);

  const payable = await sql<{ balance: string | number | null; owed: string | number | null }>`
    SELECT (SELECT balance FROM ledger_accounts WHERE kind = 'platform.rewards_payable' AND owner_user_id IS NULL) AS balance,
           (SELECT COALESCE(SUM(amount), 0) FROM rewards WHERE paid_run_id IS NOT NULL AND collect_key IS NULL) AS owed`.execute(k);
  const { balance, owed } = payable.rows[0] ?? { balance: null, owed: 0 };
  if (BigInt(balance ?? 0) !== BigInt(owed ?? 0)) problems.push(`rewards payable holds ${balance ?? 'nothing'} but members are owed ${owed} in rewards`);

  const collections = await sql<{ collect_key: string; user_id: number; rewards: string | number; transferred: string | number | null; owner: number | null }>`
    SELECT r.collect_key, r.user_id, r.rewards, t.amount AS transferred, a.owner_user_id AS owner
    FROM (SELECT collect_key, MIN(user_id) AS user_id, MAX(user_id) AS last_user_id, SUM(amount) AS rewards
          FROM rewards WHERE collect_key IS NOT NULL GROUP BY collect_key) AS r
    LEFT JOIN ledger_transfers t ON t.idempotency_key = r.collect_key
    LEFT JOIN ledger_accounts a ON a.id = t.credit_account_id AND a.kind = 'member.available'
    WHERE t.amount IS NULL OR t.amount <> r.rewards OR r.user_id <> r.last_user_id OR a.owner_user_id IS NULL OR a.owner_user_id <> r.user_id
    ORDER BY r.collect_key LIMIT 20`.execute(k);
  for (const row of collections.rows) {
    problems.push(`rewards collection ${row.collect_key} of member ${row.user_id} marked rewards worth ${row.rewards} but moved ${row.transferred ?? 'nothing'} to member ${row.owner ?? '-'}`);
  }

  // PostgreSQL has no foreign keys from rewards to users since migration 0056.
  const orphans = await sql<{ id: number; user_id: number; from_user_id: number | null }>`
    SELECT r.id, r.user_id, r.from_user_id FROM rewards r
    WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)
       OR (r.from_user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.from_user_id))
    ORDER BY r.id LIMIT 20`.execute(k);
  for (const row of orphans.rows) problems.push(`reward ${row.id} names member ${row.user_id} or team member ${row.from_user_id}, one of whom does not exist`);
  return problems;
}
