import { PostgresAdapter, sql, type Compilable, type Kysely, type OperationNodeSource, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { recordBalanceChanges, recordBatchBalanceChanges } from '../events';

/**
 * The double-entry ledger: the only code in the server that changes a balance.
 *
 * A transfer moves `amount` (> 0 micro-units) from its debit account to its credit account; an account's
 * balance is the sum of its credits minus the sum of its debits, so all balances together always sum to
 * zero. Transfers are never updated or deleted. Every transfer has a unique idempotency key; the legs of
 * one operation share an operation key and commit together or not at all.
 */

export type TransferType =
  | 'Adjustment'
  | 'Buy Machine'
  | 'Sell Back'
  | 'Coupon'
  | 'Daily Income'
  | 'Bonus'
  | 'Income Takeout'
  | 'Income Collected'
  | 'Rewards Payable'
  | 'Rewards Collected'
  | 'Takeout Settlement'
  | 'Mining Revenue'
  | 'Reversal'
  | 'Withdrawal'
  | 'Withdrawal Paid'
  | 'Withdrawal Fee'
  | 'Withdrawal Failed'
  | 'Recharge'
  | 'Exchange'
  | 'Rewards Budget'
  | 'Promotions Budget'
  | 'Reservation'
  | 'Release'
  | 'Referral Bonus'
  | 'Team Benefits'
  | 'Invite Bonus';

export interface Leg {
  key: string;
  debit: number;
  credit: number;
  amount: bigint;
  type: TransferType;
  description: string;
  reason?: string | null;
}

export interface PostedTransfer {
  id: number;
  key: string;
  debit: number;
  credit: number;
  amount: bigint;
  type: string;
  createdAt: string;
}

/** A non-negative account would go below zero; nothing was written. */
export class InsufficientFundsError extends Error {
  constructor(readonly accountId: number) {
    super(`Account ${accountId} would go below zero`);
    this.name = 'InsufficientFundsError';
  }
}

/**
 * An operation's `onlyIf` statement changed no row (e.g. the units it takes were gone). The transfers may
 * have been written already: like the other errors here, it must roll the caller's transaction back.
 */
export class PreconditionFailedError extends Error {
  constructor(readonly operationKey: string) {
    super(`Operation ${operationKey}: its precondition changed no row`);
    this.name = 'PreconditionFailedError';
  }
}

/** A transfer names a ledger account that does not exist; nothing was written. */
export class MissingAccountError extends Error {
  constructor(readonly accountId: number | null) {
    super(accountId === null ? 'A transfer names a ledger account that does not exist' : `Ledger account ${accountId} does not exist`);
    this.name = 'MissingAccountError';
  }
}

/** An idempotency key was used before for different content; nothing was written. */
export class IdempotencyConflictError extends Error {
  constructor(readonly key: string) {
    super(`Idempotency key ${key} was already used for a different transfer`);
    this.name = 'IdempotencyConflictError';
  }
}

export function fingerprint(leg: Pick<Leg, 'debit' | 'credit' | 'amount' | 'type'>): string {
  return `${leg.debit}>${leg.credit}:${leg.amount}:${leg.type}`;
}

/**
 * Locks accounts in ascending id order for the rest of the transaction (PostgreSQL `FOR UPDATE`).
 * On SQLite every write transaction is `BEGIN IMMEDIATE` (see db/connect.ts), which already excludes
 * every other writer, so there is nothing more to lock.
 */
export async function lockAccounts(trx: Kysely<Database>, dialect: DialectName, ids: number[]): Promise<void> {
  if (dialect !== 'postgres' || ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await sql`SELECT id FROM ledger_accounts WHERE id IN (${sql.join(sorted)}) ORDER BY id FOR UPDATE`.execute(trx);
}

function toPosted(row: {
  id: number;
  idempotency_key: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: string | number | bigint;
  type: string;
  created_at: string;
}): PostedTransfer {
  return {
    id: row.id,
    key: row.idempotency_key,
    debit: row.debit_account_id,
    credit: row.credit_account_id,
    amount: BigInt(row.amount),
    type: row.type,
    createdAt: row.created_at,
  };
}

/**
 * Posts the legs of one operation inside the caller's transaction: locks the touched accounts in id
 * order, replays an operation whose keys all exist with the same content (moving nothing), refuses a key
 * reused for different content, inserts the transfers, applies them to the stored balances and checks,
 * after applying, that no non-negative account went below zero.
 *
 * On PostgreSQL the insert, the balance updates and the check are one statement, so an operation on a
 * shared account (rental revenue, rewards expense) holds that account's lock for at most three round
 * trips (lock, replay check, post) before the commit instead of one per leg and account
 * (docs/performance.md, "API throughput"). `keysAreNew` skips the replay check: the caller proved under its own lock that the keys
 * were never used (a purchase whose requestId made no order), and a clash then fails the transaction.
 * `held` names accounts the caller has locked already. When the keys are new and one account is left
 * to lock, the posting statement's own UPDATE takes that lock: one lock wait, so no order to keep, and
 * nothing reads before it that the wait would have to protect.
 *
 * `onlyIf` (with `keysAreNew`): the caller's `UPDATE .. RETURNING` that must change a row for the
 * operation to stand, e.g. a purchase taking its units. On PostgreSQL it runs inside the posting
 * statement, before the balances' UPDATE, so a caller whose guard and posting both touch rows every
 * request shares (the product, rental revenue) holds them for that one statement and the commit. On
 * SQLite it runs just before. When it changes nothing, `PreconditionFailedError`.
 */
export async function postOperation(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: { operationKey: string; legs: Leg[]; at: Date; keysAreNew?: boolean; held?: readonly number[]; onlyIf?: OperationNodeSource },
): Promise<{ transfers: PostedTransfer[]; replayed: boolean }> {
  const { legs } = input;
  if (legs.length === 0) throw new Error('An operation needs at least one leg');
  checkLegs(legs);
  if (input.onlyIf && !input.keysAreNew) throw new Error('onlyIf needs keysAreNew: a replayed operation would skip it');

  if (!input.keysAreNew) {
    await lockAccounts(trx, dialect, accountsToLock(legs, input.held));
    const existing = await trx
      .selectFrom('ledger_transfers')
      .select(['id', 'idempotency_key', 'debit_account_id', 'credit_account_id', 'amount', 'type', 'created_at', 'fingerprint'])
      .where('idempotency_key', 'in', legs.map((l) => l.key))
      .execute();
    if (existing.length > 0) {
      const byKey = new Map(existing.map((e) => [e.idempotency_key, e]));
      for (const leg of legs) {
        const found = byKey.get(leg.key);
        if (!found || found.fingerprint !== fingerprint(leg)) throw new IdempotencyConflictError(leg.key);
      }
      return { transfers: legs.map((l) => toPosted(byKey.get(l.key)!)), replayed: true };
    }
    const { transfers } = await insertAndApply(trx, dialect, [{ operationKey: input.operationKey, legs, at: input.at }], input.operationKey, {});
    return { transfers, replayed: false };
  }
  const { transfers } = await postNewOperations(trx, dialect, { operations: [input], held: input.held, onlyIf: input.onlyIf });
  return { transfers, replayed: false };
}

/** One operation of `postNewOperations`: its key, its legs and when it happened. */
export interface NewOperation {
  operationKey: string;
  legs: Leg[];
  at: Date;
}

/** A statement of the caller's that writes and returns rows (an `INSERT .. RETURNING`). */
type ReturningStatement<R> = Compilable<R> & OperationNodeSource;

/**
 * Posts several operations whose keys the caller proved new (as `postOperation` with `keysAreNew`), in
 * one statement on PostgreSQL: a batch of purchases moves all its money in one round trip. Each transfer
 * keeps its own operation's key and time; the locking, `held` and `onlyIf` rules are `postOperation`'s.
 * `alongside`: the caller's own `INSERT .. RETURNING` (e.g. the orders a batch pays for), run in the same
 * statement on PostgreSQL and just before it on SQLite, its rows returned; it cannot see the transfers nor
 * they it. All or nothing: any error leaves the caller's transaction to roll back. Returns every transfer,
 * in the order of the operations and their legs.
 */
export async function postNewOperations<R = never>(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: { operations: NewOperation[]; held?: readonly number[]; onlyIf?: OperationNodeSource; alongside?: ReturningStatement<R> },
): Promise<{ transfers: PostedTransfer[]; alongside: R[] }> {
  const legs = input.operations.flatMap((o) => o.legs);
  if (input.operations.length === 0 || input.operations.some((o) => o.legs.length === 0)) throw new Error('An operation needs at least one leg');
  checkLegs(legs);
  const toLock = accountsToLock(legs, input.held);
  if (toLock.length > 1) await lockAccounts(trx, dialect, toLock);
  const label = input.operations.length === 1 ? input.operations[0]!.operationKey : `${input.operations.length} operations`;
  return insertAndApply(trx, dialect, input.operations, label, input);
}

function checkLegs(legs: Leg[]): void {
  for (const leg of legs) {
    if (leg.amount <= 0n) throw new Error(`Transfer ${leg.key}: amount must be positive`);
    if (leg.debit === leg.credit) throw new Error(`Transfer ${leg.key}: debit and credit are the same account`);
  }
  if (new Set(legs.map((l) => l.key)).size !== legs.length) throw new Error('Duplicate idempotency key in one operation');
}

/** The accounts the legs touch that the caller does not hold already. */
function accountsToLock(legs: Leg[], held: readonly number[] = []): number[] {
  const heldSet = new Set(held);
  return [...new Set(legs.flatMap((l) => [l.debit, l.credit]))].filter((id) => !heldSet.has(id));
}

/** What runs with a posting: `onlyIf` as in `postOperation`, `alongside` as in `postNewOperations`. */
interface WithPosting<R> {
  onlyIf?: OperationNodeSource;
  alongside?: ReturningStatement<R>;
}

/** Inserts the operations' transfers, applies them to the balances and checks them, with what runs beside them. */
async function insertAndApply<R>(
  trx: Kysely<Database>,
  dialect: DialectName,
  operations: NewOperation[],
  label: string,
  withPosting: WithPosting<R>,
): Promise<{ transfers: PostedTransfer[]; alongside: R[] }> {
  const posted = dialect === 'postgres' ? await insertAndApplyPostgres(trx, operations, label, withPosting) : await insertAndApplySqlite(trx, operations, label, withPosting);
  // The members whose accounts moved learn it on the live channel once this commits.
  await recordBalanceChanges(trx, posted.transfers.flatMap((t) => [t.debit, t.credit]), operations[0]!.at);
  return posted;
}

/** SQLite: the transfers inserted, then each account's net change applied, then the non-negative check. */
async function insertAndApplySqlite<R>(
  trx: Kysely<Database>,
  operations: NewOperation[],
  label: string,
  { onlyIf, alongside }: WithPosting<R>,
): Promise<{ transfers: PostedTransfer[]; alongside: R[] }> {
  if (onlyIf && (await sql`${onlyIf}`.execute(trx)).rows.length === 0) throw new PreconditionFailedError(label);
  const alongsideRows = alongside ? (await sql<R>`${alongside}`.execute(trx)).rows : [];
  const legs = operations.flatMap((o) => o.legs);
  const inserted = await trx
    .insertInto('ledger_transfers')
    .values(
      operations.flatMap((o) =>
        o.legs.map((leg) => ({
          idempotency_key: leg.key,
          operation_key: o.operationKey,
          debit_account_id: leg.debit,
          credit_account_id: leg.credit,
          amount: leg.amount,
          type: leg.type,
          description: leg.description,
          reason: leg.reason ?? null,
          fingerprint: fingerprint(leg),
          created_at: o.at.toISOString(),
        })),
      ),
    )
    .returning(['id', 'idempotency_key', 'debit_account_id', 'credit_account_id', 'amount', 'type', 'created_at'])
    .execute();

  const delta = new Map<number, bigint>();
  for (const leg of legs) {
    delta.set(leg.debit, (delta.get(leg.debit) ?? 0n) - leg.amount);
    delta.set(leg.credit, (delta.get(leg.credit) ?? 0n) + leg.amount);
  }
  const touched = [...delta.keys()].sort((a, b) => a - b);
  for (const id of touched) {
    const change = delta.get(id)!;
    if (change === 0n) continue;
    const updated = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${change}` })
      .where('id', '=', id)
      .executeTakeFirst();
    // PostgreSQL has no foreign keys from transfers to accounts (migration 0026): the ledger checks itself.
    if (Number(updated.numUpdatedRows) !== 1) throw new MissingAccountError(id);
  }
  await assertNonNegative(trx, touched);

  const byKey = new Map(inserted.map((r) => [r.idempotency_key, r]));
  return { transfers: legs.map((l) => toPosted(byKey.get(l.key)!)), alongside: alongsideRows };
}

/**
 * PostgreSQL: the legs' transfers inserted, their net change applied to each account and the
 * non-negative check, in one statement (data-modifying CTEs, as `postBatch` does). Every row returned
 * carries the check's figures; an account that nets to zero is not updated, as on SQLite.
 */
async function insertAndApplyPostgres<R>(
  trx: Kysely<Database>,
  operations: NewOperation[],
  label: string,
  { onlyIf, alongside }: WithPosting<R>,
): Promise<{ transfers: PostedTransfer[]; alongside: R[] }> {
  const rows = operations.flatMap((o) =>
    o.legs.map(
      (leg) =>
        sql`(${leg.key}, ${o.operationKey}, ${leg.debit}, ${leg.credit}, ${leg.amount}, ${leg.type}, ${leg.description}, ${leg.reason ?? null}, ${fingerprint(leg)}, ${o.at.toISOString()})`,
    ),
  );
  // The guard is read by `deltas` (an uncorrelated EXISTS, evaluated once before its first row), so its
  // rows are taken before the balances' UPDATE locks any account; with no row, no balance moves.
  const guard = onlyIf ? sql`guard AS (${onlyIf}),` : sql``;
  const guarded = onlyIf ? sql`WHERE EXISTS (SELECT 1 FROM guard)` : sql``;
  // A data-modifying CTE runs whether or not it is read; its rows come back as one JSON array.
  const beside = alongside ? sql`alongside AS (${alongside}),` : sql``;
  const result = await sql<Parameters<typeof toPosted>[0] & { missing: number | null; below: number | null; guarded: boolean; alongside: R[] | null }>`
    WITH ${guard} ${beside}
    posted AS (
      INSERT INTO ledger_transfers
        (idempotency_key, operation_key, debit_account_id, credit_account_id, amount, type, description, reason, fingerprint, created_at)
      VALUES ${sql.join(rows)}
      RETURNING id, idempotency_key, debit_account_id, credit_account_id, amount, type, created_at
    ),
    deltas AS (
      SELECT account_id, SUM(delta) AS delta FROM (
        SELECT credit_account_id AS account_id, amount AS delta FROM posted
        UNION ALL
        SELECT debit_account_id AS account_id, -amount AS delta FROM posted
      ) AS legs ${guarded} GROUP BY account_id HAVING SUM(delta) <> 0
    ),
    applied AS (
      UPDATE ledger_accounts SET balance = ledger_accounts.balance + deltas.delta
      FROM deltas WHERE ledger_accounts.id = deltas.account_id
      RETURNING ledger_accounts.id, ledger_accounts.balance, ledger_accounts.allow_negative
    )
    SELECT posted.*, (SELECT MIN(account_id) FROM deltas WHERE account_id NOT IN (SELECT id FROM applied)) AS missing,
           (SELECT MIN(id) FROM applied WHERE allow_negative = 0 AND balance < 0) AS below,
           ${onlyIf ? sql`EXISTS (SELECT 1 FROM guard)` : sql`TRUE`} AS guarded,
           ${alongside ? sql`(SELECT json_agg(alongside) FROM alongside)` : sql`NULL`} AS alongside
    FROM posted`.execute(trx);
  const first = result.rows[0]!;
  if (!first.guarded) throw new PreconditionFailedError(label);
  // PostgreSQL has no foreign keys from transfers to accounts (migration 0026): the ledger checks itself.
  if (first.missing !== null) throw new MissingAccountError(Number(first.missing));
  if (first.below !== null) throw new InsufficientFundsError(Number(first.below));
  const byKey = new Map(result.rows.map((r) => [r.idempotency_key, r]));
  return { transfers: operations.flatMap((o) => o.legs).map((l) => toPosted(byKey.get(l.key)!)), alongside: first.alongside ?? [] };
}

async function assertNonNegative(trx: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const below = await trx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('id', 'in', ids)
    .where('allow_negative', '=', 0)
    .where('balance', '<', 0)
    .orderBy('id')
    .executeTakeFirst();
  if (below) throw new InsufficientFundsError(below.id);
}

/**
 * Posts many transfers produced by one SQL query (columns: idempotency_key, debit_account_id,
 * credit_account_id, amount) as one operation, set-based: one INSERT..SELECT, one UPDATE of the
 * balances from the rows this call inserted, one non-negative check of the debited accounts. The caller
 * must already hold the lock on every debit account that is not allowed to go negative (the accrual job
 * locks the revenue pool). Rows whose key already exists are skipped, so a retried batch (same operation
 * key) moves nothing again. Returns the number of transfers this call posted and their total.
 *
 * On PostgreSQL all of it is one statement (data-modifying CTEs): the transfers' own RETURNING rows feed
 * the balance update, nothing is read back. `prelude` (PostgreSQL only) adds the caller's own CTEs in
 * front, e.g. the accrual job's INSERT .. RETURNING of its income rows, which `source` then reads; their
 * row counts come back in `preludeRows`. A transfer naming an account that does not exist is refused
 * (PostgreSQL has no foreign keys on ledger_transfers since migration 0026, see docs/ledger.md).
 */
export async function postBatch(
  trx: Kysely<Database>,
  input: {
    operationKey: string;
    source: RawBuilder<unknown>;
    type: TransferType;
    description: string;
    at: Date;
    prelude?: { name: string; query: RawBuilder<unknown> }[];
    /** The caller made every key new (e.g. it names a run created in this transaction): no ON CONFLICT probe; a clash fails. */
    keysAreNew?: boolean;
  },
): Promise<{ count: number; total: bigint; preludeRows?: Record<string, number> }> {
  if (isPostgres(trx)) return postBatchPostgres(trx, input);
  if (input.prelude?.length) throw new Error('postBatch: prelude needs PostgreSQL (data-modifying CTEs)');
  const at = input.at.toISOString();
  // Transfers get increasing ids: what this call inserts is what lies above the highest id now. (Only
  // the rows of this call may move balances: earlier rows of the same operation were applied already.)
  const highest = await sql<{ id: number | string | null }>`SELECT MAX(id) AS id FROM ledger_transfers`.execute(trx);
  const before = Number(highest.rows[0]?.id ?? 0);
  await sql`
    INSERT INTO ledger_transfers
      (idempotency_key, operation_key, debit_account_id, credit_account_id, amount, type, description, reason, fingerprint, created_at)
    ${transferRows(input, at)}
    ON CONFLICT (idempotency_key) DO NOTHING`.execute(trx);

  const posted = sql`SELECT * FROM ledger_transfers WHERE operation_key = ${input.operationKey} AND id > ${before}`;
  const deltas = sql`
    SELECT account_id, SUM(delta) AS delta FROM (
      SELECT credit_account_id AS account_id, amount AS delta FROM (${posted}) AS c
      UNION ALL
      SELECT debit_account_id AS account_id, -amount AS delta FROM (${posted}) AS d
    ) AS legs GROUP BY account_id`;
  await sql`
    UPDATE ledger_accounts SET balance = ledger_accounts.balance + d.delta
    FROM (${deltas}) AS d WHERE ledger_accounts.id = d.account_id`.execute(trx);

  const summary = await sql<{ n: string | number; total: string | number | null }>`
    SELECT COUNT(*) AS n, SUM(amount) AS total FROM (${posted}) AS p`.execute(trx);
  const debits = sql`SELECT DISTINCT debit_account_id FROM (${posted}) AS p`;
  const below = await sql<{ id: number }>`
    SELECT id FROM ledger_accounts WHERE id IN (${debits}) AND allow_negative = 0 AND balance < 0 LIMIT 1`.execute(trx);
  if (below.rows[0]) throw new InsufficientFundsError(below.rows[0].id);
  const row = summary.rows[0];
  if (Number(row?.n ?? 0) > 0) await recordBatchBalanceChanges(trx, input.operationKey, input.at);
  return { count: Number(row?.n ?? 0), total: BigInt(row?.total ?? 0) };
}

function isPostgres(trx: Kysely<Database>): boolean {
  return trx.getExecutor().adapter instanceof PostgresAdapter;
}

/** The SELECT that turns a batch's source rows into ledger_transfers rows (fingerprint as in `fingerprint`). */
function transferRows(input: { operationKey: string; source: RawBuilder<unknown>; type: TransferType; description: string }, at: string) {
  return sql`
    SELECT s.idempotency_key, ${input.operationKey}, s.debit_account_id, s.credit_account_id, s.amount, ${input.type},
           ${input.description}, NULL,
           CAST(s.debit_account_id AS VARCHAR(20)) || '>' || CAST(s.credit_account_id AS VARCHAR(20)) || ':' ||
             CAST(s.amount AS VARCHAR(30)) || ':' || ${input.type},
           ${at}
    FROM (${input.source}) AS s
    WHERE s.amount > 0`;
}

async function postBatchPostgres(
  trx: Kysely<Database>,
  input: Parameters<typeof postBatch>[1],
): Promise<{ count: number; total: bigint; preludeRows?: Record<string, number> }> {
  const prelude = input.prelude ?? [];
  const ctes = prelude.map((p) => sql`${sql.id(p.name)} AS (${p.query}),`);
  const preludeCounts = prelude.map((p) => sql`, (SELECT COUNT(*) FROM ${sql.id(p.name)}) AS ${sql.id(`rows_${p.name}`)}`);
  // One statement: the transfers' RETURNING rows are exactly the rows this call inserted (conflicting
  // keys return nothing), so they alone move balances. The UPDATE returns every touched account; an
  // account that is missing is not returned, and a debited one below zero is refused.
  const result = await sql<Record<string, string | number | null>>`
    WITH ${sql.join(ctes, sql` `)}
    posted AS (
      INSERT INTO ledger_transfers
        (idempotency_key, operation_key, debit_account_id, credit_account_id, amount, type, description, reason, fingerprint, created_at)
      ${transferRows(input, input.at.toISOString())}
      ${input.keysAreNew ? sql`` : sql`ON CONFLICT (idempotency_key) DO NOTHING`}
      RETURNING debit_account_id, credit_account_id, amount
    ),
    deltas AS (
      SELECT account_id, SUM(delta) AS delta, MAX(debited) AS debited FROM (
        SELECT credit_account_id AS account_id, amount AS delta, 0 AS debited FROM posted
        UNION ALL
        SELECT debit_account_id AS account_id, -amount AS delta, 1 AS debited FROM posted
      ) AS legs GROUP BY account_id
    ),
    applied AS (
      UPDATE ledger_accounts SET balance = ledger_accounts.balance + deltas.delta
      FROM deltas WHERE ledger_accounts.id = deltas.account_id
      RETURNING ledger_accounts.id, ledger_accounts.balance, ledger_accounts.allow_negative, deltas.debited
    )
    SELECT (SELECT COUNT(*) FROM posted) AS n, (SELECT SUM(amount) FROM posted) AS total,
           (SELECT COUNT(*) FROM deltas) AS touched, (SELECT COUNT(*) FROM applied) AS applied,
           (SELECT MIN(id) FROM applied WHERE debited = 1 AND allow_negative = 0 AND balance < 0) AS below
           ${sql.join(preludeCounts, sql``)}`.execute(trx);
  const row = result.rows[0]!;
  if (Number(row.applied) !== Number(row.touched)) {
    throw new MissingAccountError(null);
  }
  if (row.below !== null) throw new InsufficientFundsError(Number(row.below));
  if (Number(row.n) > 0) await recordBatchBalanceChanges(trx, input.operationKey, input.at);
  const out: { count: number; total: bigint; preludeRows?: Record<string, number> } = { count: Number(row.n), total: BigInt(row.total ?? 0) };
  if (prelude.length) out.preludeRows = Object.fromEntries(prelude.map((p) => [p.name, Number(row[`rows_${p.name}`])]));
  return out;
}

/** A reversing operation: each leg of the original, swapped, with its own key. Nothing is deleted. */
export async function reverseOperation(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: { operationKey: string; reason: string; at: Date },
) {
  const legs = await trx.selectFrom('ledger_transfers').selectAll().where('operation_key', '=', input.operationKey).orderBy('id').execute();
  if (legs.length === 0) throw new Error(`No operation ${input.operationKey}`);
  return postOperation(trx, dialect, {
    operationKey: `reversal:${input.operationKey}`,
    at: input.at,
    legs: legs.map((l) => ({
      key: `reversal:${l.idempotency_key}`,
      debit: l.credit_account_id,
      credit: l.debit_account_id,
      amount: BigInt(l.amount),
      type: 'Reversal',
      description: 'reversal',
      reason: input.reason,
    })),
  });
}
