import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrations';
import { checkLedger } from '../src/ledger/check';
import { IdempotencyConflictError, InsufficientFundsError, postBatch, postOperation, reverseOperation } from '../src/ledger/ledger';
import { testDatabases } from './helpers';

/**
 * Random sequences of ledger operations against a simple in-memory model of the ledger. After every
 * step the database must agree with the model (each balance, the number of transfers) and the ledger's
 * own invariants must hold (checkLedger: balances sum to zero and equal their transfers, no forbidden
 * negative). Operations: multi-leg transfers, idempotent retries with the same keys, a key reused for
 * other content, reversals (and reversals of reversals), and set-based batches (the accrual job's path)
 * including a retried batch.
 */

interface Account {
  id: number;
  allowNegative: boolean;
}

interface LegSpec {
  from: number; // index into the accounts
  to: number;
  amount: bigint;
}

/** An operation the model has seen: its keys and what it moves. */
interface Operation {
  operationKey: string;
  legs: { key: string; debit: number; credit: number; amount: bigint }[];
  /** Part of each leg's fingerprint: a reversal's legs are 'Reversal'. */
  type: 'Adjustment' | 'Reversal';
  applied: boolean;
}

interface Model {
  run: string;
  accounts: Account[];
  balances: Map<number, bigint>;
  transfers: Map<string, { debit: number; credit: number; amount: bigint; operationKey: string }>;
  operations: Operation[];
  batches: { operationKey: string; rows: { key: string; debit: number; credit: number; amount: bigint }[] }[];
  seq: number;
}

interface Real {
  db: Db;
}

/**
 * Applies legs to the model the way the ledger promises: all or nothing, refused when a non-negative
 * account ends below zero. Returns false when refused.
 */
function applyLegs(model: Model, legs: { key: string; debit: number; credit: number; amount: bigint }[], operationKey: string): boolean {
  const next = new Map(model.balances);
  for (const leg of legs) {
    next.set(leg.debit, next.get(leg.debit)! - leg.amount);
    next.set(leg.credit, next.get(leg.credit)! + leg.amount);
  }
  for (const account of model.accounts) if (!account.allowNegative && next.get(account.id)! < 0n) return false;
  model.balances = next;
  for (const leg of legs) model.transfers.set(leg.key, { debit: leg.debit, credit: leg.credit, amount: leg.amount, operationKey });
  return true;
}

/** Posts legs inside a transaction: 'posted', 'replayed', or the refusal's class name. */
async function post(real: Real, operationKey: string, legs: Operation['legs'], type: Operation['type'] = 'Adjustment'): Promise<string> {
  try {
    const result = await real.db.kysely.transaction().execute((trx) =>
      postOperation(trx, real.db.dialect, {
        operationKey,
        at: new Date(),
        legs: legs.map((l) => ({ ...l, type, description: 'adjustment' })),
      }),
    );
    return result.replayed ? 'replayed' : 'posted';
  } catch (error) {
    if (error instanceof InsufficientFundsError) return 'InsufficientFunds';
    if (error instanceof IdempotencyConflictError) return 'IdempotencyConflict';
    throw error;
  }
}

/**
 * The database agrees with the model: each balance, the number of transfers, and the ledger's invariants
 * for this run's accounts (they only trade among themselves): every stored balance equals its credits
 * minus its debits, they sum to zero, and none that may not go negative is below zero.
 */
async function assertAgrees(model: Model, real: Real): Promise<void> {
  const ids = model.accounts.map((a) => a.id);
  const rows = await real.db.kysely.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', ids).execute();
  const stored = new Map(rows.map((r) => [r.id, BigInt(r.balance)]));
  const transfers = await real.db.kysely
    .selectFrom('ledger_transfers')
    .select(['debit_account_id', 'credit_account_id', 'amount'])
    .where((eb) => eb.or([eb('debit_account_id', 'in', ids), eb('credit_account_id', 'in', ids)]))
    .execute();
  const computed = new Map(ids.map((id) => [id, 0n]));
  for (const t of transfers) {
    computed.set(t.debit_account_id, computed.get(t.debit_account_id)! - BigInt(t.amount));
    computed.set(t.credit_account_id, computed.get(t.credit_account_id)! + BigInt(t.amount));
  }
  let sum = 0n;
  for (const account of model.accounts) {
    const balance = stored.get(account.id)!;
    expect({ account: account.id, stored: balance, fromTransfers: computed.get(account.id) }).toEqual({
      account: account.id,
      stored: model.balances.get(account.id),
      fromTransfers: model.balances.get(account.id),
    });
    if (!account.allowNegative) expect(balance >= 0n).toBe(true);
    sum += balance;
  }
  expect(sum).toBe(0n);
  expect(transfers.length).toBe(model.transfers.size);
}

const nextKey = (model: Model, kind: string) => `${model.run}:${kind}:${++model.seq}`;

class TransferCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly legs: LegSpec[]) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const operationKey = nextKey(model, 'op');
    const legs = this.legs.map((l, i) => ({
      key: `${operationKey}:${i}`,
      debit: model.accounts[l.from].id,
      credit: model.accounts[l.to].id,
      amount: l.amount,
    }));
    const expected = applyLegs(model, legs, operationKey) ? 'posted' : 'InsufficientFunds';
    expect(await post(real, operationKey, legs)).toBe(expected);
    model.operations.push({ operationKey, legs, type: 'Adjustment', applied: expected === 'posted' });
    await assertAgrees(model, real);
  }
  toString = () => `transfer(${this.legs.map((l) => `${l.from}>${l.to}:${l.amount}`).join(', ')})`;
}

/** The same operation sent again with the same keys: replayed if it was posted, tried afresh if it was refused. */
class RetryCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.operations.length > 0;
  async run(model: Model, real: Real) {
    const op = model.operations[this.pick % model.operations.length];
    let expected: string;
    if (op.applied) expected = 'replayed';
    else {
      op.applied = applyLegs(model, op.legs, op.operationKey);
      expected = op.applied ? 'posted' : 'InsufficientFunds';
    }
    expect(await post(real, op.operationKey, op.legs, op.type)).toBe(expected);
    await assertAgrees(model, real);
  }
  toString = () => `retry(${this.pick})`;
}

/** A posted operation's key sent with another amount: refused, nothing moves. */
class ConflictCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly extra: bigint,
  ) {}
  check = (model: Readonly<Model>) => model.operations.some((o) => o.applied);
  async run(model: Model, real: Real) {
    const applied = model.operations.filter((o) => o.applied);
    const op = applied[this.pick % applied.length];
    const legs = op.legs.map((l, i) => (i === 0 ? { ...l, amount: l.amount + this.extra } : l));
    expect(await post(real, op.operationKey, legs, op.type)).toBe('IdempotencyConflict');
    await assertAgrees(model, real);
  }
  toString = () => `conflict(${this.pick}, +${this.extra})`;
}

/** reverseOperation of a posted operation (a reversal is an operation too, so it can be reversed again). */
class ReverseCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.operations.some((o) => o.applied);
  async run(model: Model, real: Real) {
    const applied = model.operations.filter((o) => o.applied);
    const op = applied[this.pick % applied.length];
    const operationKey = `reversal:${op.operationKey}`;
    const legs = op.legs.map((l) => ({ key: `reversal:${l.key}`, debit: l.credit, credit: l.debit, amount: l.amount }));
    const earlier = model.operations.find((o) => o.operationKey === operationKey);
    let expected: string;
    if (earlier?.applied) expected = 'replayed';
    else expected = applyLegs(model, legs, operationKey) ? 'posted' : 'InsufficientFunds';
    let outcome: string;
    try {
      const result = await real.db.kysely
        .transaction()
        .execute((trx) => reverseOperation(trx, real.db.dialect, { operationKey: op.operationKey, reason: 'property test', at: new Date() }));
      outcome = result.replayed ? 'replayed' : 'posted';
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      outcome = 'InsufficientFunds';
    }
    expect(outcome).toBe(expected);
    if (earlier) earlier.applied = earlier.applied || expected === 'posted';
    else model.operations.push({ operationKey, legs, type: 'Reversal', applied: expected === 'posted' });
    await assertAgrees(model, real);
  }
  toString = () => `reverse(${this.pick})`;
}

/**
 * postBatch, the set-based path of the accrual job: a new batch, the same batch again (a retried job),
 * or the same batch with more rows (a resumed job). Rows whose key exists are skipped.
 */
class BatchCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly mode: 'new' | 'retry' | 'extend',
    readonly pick: number,
    readonly rows: LegSpec[],
  ) {}
  check = (model: Readonly<Model>) => this.mode === 'new' || model.batches.length > 0;
  async run(model: Model, real: Real) {
    let batch: Model['batches'][number];
    if (this.mode === 'new') {
      batch = { operationKey: nextKey(model, 'batch'), rows: [] };
      model.batches.push(batch);
    } else batch = model.batches[this.pick % model.batches.length];
    const added = this.mode === 'retry' ? [] : this.rows.map((r) => ({ debit: model.accounts[r.from].id, credit: model.accounts[r.to].id, amount: r.amount }));
    const rows = [...batch.rows, ...added.map((r, i) => ({ ...r, key: `${batch.operationKey}:${batch.rows.length + i}` }))];
    const fresh = rows.filter((r) => !model.transfers.has(r.key));
    const accepted = applyLegs(model, fresh, batch.operationKey);
    // The job's rows stay what they are, posted or refused: a retry sends them again.
    batch.rows = rows;
    const source = sql.join(
      rows.map(
        (r) =>
          sql`SELECT CAST(${r.key} AS VARCHAR(160)) AS idempotency_key, CAST(${r.debit} AS INTEGER) AS debit_account_id,
                     CAST(${r.credit} AS INTEGER) AS credit_account_id, CAST(${r.amount.toString()} AS BIGINT) AS amount`,
      ),
      sql` UNION ALL `,
    );
    let outcome: string;
    try {
      const result = await real.db.kysely.transaction().execute((trx) =>
        postBatch(trx, { operationKey: batch.operationKey, source, type: 'Daily Income', description: 'daily_income', at: new Date() }),
      );
      outcome = `posted ${result.count} ${result.total}`;
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      outcome = 'InsufficientFunds';
    }
    const total = fresh.reduce((s, r) => s + r.amount, 0n);
    expect(outcome).toBe(accepted ? `posted ${fresh.length} ${total}` : 'InsufficientFunds');
    await assertAgrees(model, real);
  }
  toString = () => `batch-${this.mode}(${this.pick}; ${this.rows.map((l) => `${l.from}>${l.to}:${l.amount}`).join(', ')})`;
}

/** Accounts 0-2 may go negative (money enters through them), 3-8 may not. */
const ACCOUNT_COUNT = 9;
const legArb = fc
  .record({ from: fc.nat({ max: ACCOUNT_COUNT - 1 }), to: fc.nat({ max: ACCOUNT_COUNT - 1 }), amount: fc.bigInt({ min: 1n, max: 1000n }) })
  .filter((l) => l.from !== l.to);
const commands = [
  fc.array(legArb, { minLength: 1, maxLength: 3 }).map((legs) => new TransferCommand(legs)),
  fc.nat().map((pick) => new RetryCommand(pick)),
  fc.tuple(fc.nat(), fc.bigInt({ min: 1n, max: 50n })).map(([pick, extra]) => new ConflictCommand(pick, extra)),
  fc.nat().map((pick) => new ReverseCommand(pick)),
  fc
    .tuple(fc.constantFrom('new' as const, 'retry' as const, 'extend' as const), fc.nat(), fc.array(legArb, { minLength: 1, maxLength: 3 }))
    .map(([mode, pick, rows]) => new BatchCommand(mode, pick, rows)),
];

describe.each(testDatabases())('the ledger against a model on %s', (name, database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let runs = 0;
  beforeAll(async () => {
    ({ db, drop } = await database.open());
    await migrateToLatest(db.kysely, db.dialect);
  });
  afterAll(async () => {
    await db.kysely.destroy();
    await drop();
  });

  /**
   * Each run gets accounts of its own (one new owner, ACCOUNT_COUNT kinds; the first three may go
   * negative, as the platform's sources do), so runs are independent and a shrunk counterexample is
   * the real one.
   */
  async function freshAccounts(run: number): Promise<Account[]> {
    const at = new Date().toISOString();
    const user = await db.kysely
      .insertInto('users')
      .values({ phone: `95${String(run).padStart(8, '0')}`, password_hash: 'x', name: `run ${run}`, invite_code: `PROP${run}`, inviter_id: null, head_url: null, vip_level: 0, grade: 0, mark_headbg_url: null, mark_text: null, timezone_type: null, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await db.kysely
      .insertInto('ledger_accounts')
      .values(Array.from({ length: ACCOUNT_COUNT }, (_, i) => ({ owner_user_id: user.id, kind: `test.account_${i}`, allow_negative: i < 3 ? 1 : 0, balance: 0, created_at: at })))
      .returning(['id', 'allow_negative'])
      .execute();
    return rows.sort((a, b) => a.id - b.id).map((r) => ({ id: r.id, allowNegative: r.allow_negative === 1 }));
  }

  it('keeps every invariant and agrees with the model after each operation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
        const run = ++runs;
        const accounts = await freshAccounts(run);
        const model: Model = {
          run: `r${run}`,
          accounts,
          balances: new Map(accounts.map((a) => [a.id, 0n])),
          transfers: new Map(),
          operations: [],
          batches: [],
          seq: 0,
        };
        await fc.asyncModelRun(() => ({ model, real: { db } }), cmds);
      }),
      { numRuns: name === 'sqlite' ? 150 : 40 },
    );
    // And the ledger's own check over the whole database.
    expect(await checkLedger(db.kysely)).toEqual([]);
  });

  it('refuses an operation naming an account that does not exist, and writes none of its legs', async () => {
    const [source, target] = await freshAccounts(++runs);
    const missing = target.id + 1_000_000;
    const legs = [
      { key: `missing-${runs}:0`, debit: source.id, credit: target.id, amount: 5n, type: 'Adjustment' as const, description: 'adjustment' },
      { key: `missing-${runs}:1`, debit: source.id, credit: missing, amount: 7n, type: 'Adjustment' as const, description: 'adjustment' },
    ];
    const posting = db.kysely.transaction().execute((trx) => postOperation(trx, db.dialect, { operationKey: `missing-${runs}`, at: new Date(), legs }));
    // Compared as text: better-sqlite3 builds its errors from the class of the first test file that
    // loaded it, which a later file's `rejects.toThrow` does not take for an Error.
    const refusal = await posting.then(
      () => 'posted',
      (error: unknown) => String(error),
    );
    // PostgreSQL has no foreign keys on transfers (the ledger names the account); SQLite's refuse it.
    expect(refusal).toMatch(name === 'postgres' ? `Ledger account ${missing} does not exist` : /FOREIGN KEY/);
    const written = await db.kysely.selectFrom('ledger_transfers').select('id').where('operation_key', '=', `missing-${runs}`).execute();
    expect(written).toEqual([]);
    const balances = await db.kysely.selectFrom('ledger_accounts').select('balance').where('id', 'in', [source.id, target.id]).execute();
    expect(balances.map((b) => BigInt(b.balance))).toEqual([0n, 0n]);
  });

  it('posts an operation only with its onlyIf statement: no row changed, nothing moves; a row changed, both stand', async () => {
    const [source, target] = await freshAccounts(++runs);
    const { owner_user_id: owner } = await db.kysely.selectFrom('ledger_accounts').select('owner_user_id').where('id', '=', source.id).executeTakeFirstOrThrow();
    // The guard a purchase uses is its units' UPDATE; here the owner's name stands in for the units.
    const rename = (from: string) => db.kysely.updateTable('users').set({ name: 'guard passed' }).where('id', '=', owner!).where('name', '=', from).returning('id');
    const post = (key: string, from: string) =>
      db.kysely.transaction().execute((trx) =>
        postOperation(trx, db.dialect, {
          operationKey: key,
          at: new Date(),
          keysAreNew: true,
          onlyIf: rename(from),
          legs: [{ key, debit: source.id, credit: target.id, amount: 9n, type: 'Adjustment', description: 'adjustment' }],
        }),
      );
    const balances = async () =>
      (await db.kysely.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', [source.id, target.id]).orderBy('id').execute()).map((b) => BigInt(b.balance));

    const refusal = await post(`guard-${runs}:refused`, 'not the name').then(
      () => 'posted',
      (error: unknown) => String(error),
    );
    expect(refusal).toMatch('its precondition changed no row');
    expect(await db.kysely.selectFrom('ledger_transfers').select('id').where('operation_key', '=', `guard-${runs}:refused`).execute()).toEqual([]);
    expect(await balances()).toEqual([0n, 0n]);

    await post(`guard-${runs}:posted`, `run ${runs}`);
    expect(await balances()).toEqual([-9n, 9n]);
    expect((await db.kysely.selectFrom('users').select('name').where('id', '=', owner!).executeTakeFirstOrThrow()).name).toBe('guard passed');
    expect(await checkLedger(db.kysely)).toEqual([]);
  });
});

describe.each(testDatabases())('postBatch on %s', (_name, database) => {
  it('a batch retried with the same operation key moves nothing again (regression: it re-applied every earlier row)', async () => {
    const { db, drop } = await database.open();
    try {
      await migrateToLatest(db.kysely, db.dialect);
      const kinds = ['platform.mining_revenue', 'platform.revenue_pool'] as const;
      const [source, pool] = await Promise.all(
        kinds.map(async (kind) => (await db.kysely.selectFrom('ledger_accounts').select('id').where('kind', '=', kind).executeTakeFirstOrThrow()).id),
      );
      const rows = sql`SELECT CAST('retry-batch:1' AS VARCHAR(160)) AS idempotency_key, CAST(${source} AS INTEGER) AS debit_account_id,
                              CAST(${pool} AS INTEGER) AS credit_account_id, CAST(700 AS BIGINT) AS amount`;
      const batch = () =>
        db.kysely
          .transaction()
          .execute((trx) => postBatch(trx, { operationKey: 'retry-batch', source: rows, type: 'Mining Revenue', description: 'mining_revenue', at: new Date() }));
      expect(await batch()).toEqual({ count: 1, total: 700n });
      const again = await batch();
      const balance = await db.kysely.selectFrom('ledger_accounts').select('balance').where('id', '=', pool).executeTakeFirstOrThrow();
      expect(BigInt(balance.balance)).toBe(700n);
      expect(again).toEqual({ count: 0, total: 0n });
      expect(await checkLedger(db.kysely)).toEqual([]);
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });
});
