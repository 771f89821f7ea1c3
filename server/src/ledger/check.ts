import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MIRROR_KINDS } from './accounts';
import { reservationProblems } from './promotions';

/**
 * The ledger's invariants. Returns one line per broken rule (empty = all hold):
 * 1. all account balances sum to zero;
 * 2. every stored balance equals its credits minus its debits;
 * 3. no account that may not go negative is below zero, and of the platform's accounts only those that
 *    mirror money outside the platform (MIRROR_KINDS) may: any other that is allowed to, is flagged;
 * 4. every transfer moves a positive amount between two different accounts;
 * 5. every paid income day belongs to a transfer: for each run the days it paid into income payable sum
 *    to the run's transfer accrual:<run> (before migration 0041: for each (run, member), to the run's
 *    transfer to that member); income payable holds exactly the days no takeout has moved yet; and the
 *    days each takeout moved sum to its transfer out of income payable;
 * 6. every income day belongs to an order;
 * 7. every product's units sold are the sum of its orders' quantities, and no more than it offers;
 * 8. every member's held balance equals their Pending withdrawals plus their Processing takeouts;
 * 9. every confirmed (Arrived) deposit was credited by its deposit:<id> transfer of its USDT amount,
 *    and no other deposit was credited;
 * 10. every transfer's debit and credit accounts exist (PostgreSQL has no foreign keys there since
 *    migration 0026; the ledger refuses such a transfer when it posts, this finds one written otherwise);
 * 11. the promotion reservations account holds exactly what open exchange codes and coupons reserve;
 * 12. every sold-back order was paid by exactly one sellback:<order> transfer, of its sold amount (paid x
 *    days left / valid days, rounded down), from rental revenue to its member; no such transfer exists
 *    for an order not Sold; and no income day of a sold order lies after its kept days.
 */
export async function checkLedger(db: Kysely<Database>): Promise<string[]> {
  const problems = await checkBalances(db);
  problems.push(...(await checkRecordsAgree(db)));
  problems.push(...(await unbackedAccounts(db)));
  problems.push(...(await reservationProblems(db)));
  problems.push(...(await soldOrderProblems(db)));
  return problems;
}

/** Rule 12: sold-back orders (docs/ledger.md, "Selling an order back"). */
async function soldOrderProblems(db: Kysely<Database>): Promise<string[]> {
  const unpaid = await sql<{ id: number; sold_amount: string | number | null; paid: string | number | null }>`
    SELECT o.id, o.sold_amount, t.amount AS paid
    FROM orders o
    LEFT JOIN ledger_transfers t ON t.idempotency_key = 'sellback:' || CAST(o.id AS VARCHAR(20))
    LEFT JOIN ledger_accounts r ON r.id = t.debit_account_id AND r.kind = 'platform.rental_revenue' AND r.owner_user_id IS NULL
    LEFT JOIN ledger_accounts m ON m.id = t.credit_account_id AND m.kind = 'member.available' AND m.owner_user_id = o.user_id
    WHERE o.status = 'Sold' AND (t.id IS NULL OR r.id IS NULL OR m.id IS NULL OR t.type <> 'Sell Back' OR o.kept_days IS NULL
      OR t.amount <> o.sold_amount OR o.sold_amount <> o.amount * (o.valid_days - o.kept_days) / o.valid_days)
    LIMIT 20`.execute(db);
  const problems = unpaid.rows.map((row) => `sold order ${row.id} (sold for ${row.sold_amount ?? 'nothing'}) has no matching sell-back transfer (found ${row.paid ?? 'none'})`);
  const stray = await sql<{ id: number; idempotency_key: string }>`
    SELECT t.id, t.idempotency_key FROM ledger_transfers t
    WHERE t.type = 'Sell Back' AND NOT EXISTS (
      SELECT 1 FROM orders o WHERE o.status = 'Sold' AND t.idempotency_key = 'sellback:' || CAST(o.id AS VARCHAR(20)))
    LIMIT 20`.execute(db);
  problems.push(...stray.rows.map((row) => `sell-back transfer ${row.id} (${row.idempotency_key}) pays for no sold order`));
  const after = await sql<{ order_id: number; day: number }>`
    SELECT a.order_id, a.day FROM income_accruals a JOIN orders o ON o.id = a.order_id
    WHERE o.status = 'Sold' AND a.day > o.kept_days
    LIMIT 20`.execute(db);
  problems.push(...after.rows.map((row) => `sold order ${row.order_id} accrued day ${row.day}, after its sale`));
  return problems;
}

/**
 * Rules 1-4 and 10: the accounts and transfers among themselves. They read only the two ledger tables, so
 * they also hold on a database migrated part of the way (tests of earlier migrations use them there).
 */
export async function checkBalances(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];

  const sum = await sql<{ total: string | number | null }>`SELECT SUM(balance) AS total FROM ledger_accounts`.execute(db);
  const total = BigInt(sum.rows[0]?.total ?? 0);
  if (total !== 0n) problems.push(`balances sum to ${total}, not 0`);

  const mismatched = await sql<{ id: number; kind: string; balance: string | number; computed: string | number }>`
    SELECT a.id, a.kind, a.balance, COALESCE(c.total, 0) - COALESCE(d.total, 0) AS computed
    FROM ledger_accounts a
    LEFT JOIN (SELECT credit_account_id AS id, SUM(amount) AS total FROM ledger_transfers GROUP BY credit_account_id) c ON c.id = a.id
    LEFT JOIN (SELECT debit_account_id AS id, SUM(amount) AS total FROM ledger_transfers GROUP BY debit_account_id) d ON d.id = a.id
    WHERE a.balance <> COALESCE(c.total, 0) - COALESCE(d.total, 0)
    ORDER BY a.id LIMIT 20`.execute(db);
  for (const row of mismatched.rows) {
    problems.push(`account ${row.id} (${row.kind}) stores balance ${row.balance} but its transfers sum to ${row.computed}`);
  }

  const negative = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance'])
    .where('allow_negative', '=', 0)
    .where('balance', '<', 0)
    .orderBy('id')
    .limit(20)
    .execute();
  for (const row of negative) problems.push(`account ${row.id} (${row.kind}) is negative: ${row.balance}`);

  const bad = await db
    .selectFrom('ledger_transfers')
    .select('id')
    .where((eb) => eb.or([eb('amount', '<=', 0), eb('debit_account_id', '=', eb.ref('credit_account_id'))]))
    .limit(20)
    .execute();
  for (const row of bad) problems.push(`transfer ${row.id} is not a positive move between two accounts`);

  const dangling = await sql<{ id: number; account: number }>`
    SELECT t.id, CASE WHEN d.id IS NULL THEN t.debit_account_id ELSE t.credit_account_id END AS account
    FROM ledger_transfers t
    LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id
    LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
    WHERE d.id IS NULL OR c.id IS NULL
    LIMIT 20`.execute(db);
  for (const row of dangling.rows) problems.push(`transfer ${row.id} names account ${row.account}, which does not exist`);
  return problems;
}

/**
 * Rule 3 by kind rather than by the stored flag: a platform account that mirrors no money outside the platform
 * and is allowed to go negative (since migration 0048 none is; earlier databases had rewards expense).
 */
async function unbackedAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance'])
    .where('owner_user_id', 'is', null)
    .where('kind', 'not in', [...MIRROR_KINDS])
    .where('allow_negative', '<>', 0)
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map((row) => `account ${row.id} (${row.kind}) mirrors no money outside the platform but may go negative (balance ${row.balance})`);
}

/** Rules 5-9: the ledger agrees with the income days, orders, products, withdrawals, takeouts and deposits. */
async function checkRecordsAgree(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];

  const income = await sql<{ run: number; user_id: number; days: string | number; transferred: string | number | null }>`
    SELECT a.paid_run_id AS run, a.user_id, SUM(a.amount) AS days, MAX(t.amount) AS transferred
    FROM income_accruals a
    LEFT JOIN ledger_transfers t
      ON t.idempotency_key = 'accrual:' || CAST(a.paid_run_id AS VARCHAR(20)) || ':' || CAST(a.user_id AS VARCHAR(20))
    WHERE a.status = 'Paid' AND a.paid_run_id IS NOT NULL AND a.payable = 0
    GROUP BY a.paid_run_id, a.user_id
    HAVING MAX(t.amount) IS NULL OR SUM(a.amount) <> MAX(t.amount)
    LIMIT 20`.execute(db);
  for (const row of income.rows) {
    problems.push(`income run ${row.run} for member ${row.user_id}: paid days sum to ${row.days} but the transfer is ${row.transferred ?? 'missing'}`);
  }

  const runs = await sql<{ run: number; days: string | number; transferred: string | number | null }>`
    SELECT a.paid_run_id AS run, SUM(a.amount) AS days, MAX(t.amount) AS transferred
    FROM income_accruals a
    LEFT JOIN ledger_transfers t ON t.idempotency_key = 'accrual:' || CAST(a.paid_run_id AS VARCHAR(20))
    WHERE a.payable = 1
    GROUP BY a.paid_run_id
    HAVING MAX(t.amount) IS NULL OR SUM(a.amount) <> MAX(t.amount)
    LIMIT 20`.execute(db);
  for (const row of runs.rows) problems.push(`income run ${row.run}: paid days sum to ${row.days} but the transfer is ${row.transferred ?? 'missing'}`);

  // One statement, so that the balance and the days are read at one instant while the job and takeouts run.
  const payable = await sql<{ balance: string | number | null; owed: string | number | null }>`
    SELECT (SELECT balance FROM ledger_accounts WHERE kind = 'platform.income_payable' AND owner_user_id IS NULL) AS balance,
           (SELECT COALESCE(SUM(amount), 0) FROM income_accruals WHERE payable = 1 AND takeout_request_id IS NULL) AS owed`.execute(db);
  const { balance: payableBalance, owed } = payable.rows[0] ?? { balance: null, owed: 0 };
  if (BigInt(payableBalance ?? 0) !== BigInt(owed ?? 0)) problems.push(`income payable holds ${payableBalance ?? 'nothing'} but members are owed ${owed} by their days`);

  const collected = await sql<{ user_id: number; request_id: string; days: string | number | null; transferred: string | number | null }>`
    SELECT COALESCE(d.user_id, tk.user_id) AS user_id, COALESCE(d.request_id, tk.request_id) AS request_id, d.days, t.amount AS transferred
    FROM (SELECT user_id, takeout_request_id AS request_id, SUM(amount) AS days FROM income_accruals
          WHERE takeout_request_id IS NOT NULL GROUP BY user_id, takeout_request_id) AS d
    FULL JOIN (SELECT user_id, request_id FROM takeouts) AS tk ON tk.user_id = d.user_id AND tk.request_id = d.request_id
    LEFT JOIN ledger_transfers t
      ON t.idempotency_key = 'takeout:' || CAST(COALESCE(d.user_id, tk.user_id) AS VARCHAR(20)) || ':' || COALESCE(d.request_id, tk.request_id) || ':collect'
    WHERE COALESCE(d.days, 0) <> COALESCE(t.amount, 0)
    LIMIT 20`.execute(db);
  for (const row of collected.rows) {
    problems.push(`takeout ${row.request_id} of member ${row.user_id} moved days worth ${row.days ?? 0} but collected ${row.transferred ?? 0} from income payable`);
  }

  const orphans = await sql<{ id: number; order_id: number }>`
    SELECT a.id, a.order_id FROM income_accruals a WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = a.order_id) LIMIT 20`.execute(db);
  for (const row of orphans.rows) problems.push(`income day ${row.id} belongs to no order (order ${row.order_id})`);

  const miscounted = await sql<{ id: number; units_sold: number; ordered: number | string; units_offered: number }>`
    SELECT p.id, p.units_sold, p.units_offered, COALESCE(o.ordered, 0) AS ordered
    FROM products p LEFT JOIN (SELECT product_id, SUM(quantity) AS ordered FROM orders GROUP BY product_id) o ON o.product_id = p.id
    WHERE p.units_sold <> COALESCE(o.ordered, 0) OR p.units_sold > p.units_offered
    LIMIT 20`.execute(db);
  for (const row of miscounted.rows) {
    problems.push(`product ${row.id} shows ${row.units_sold} of ${row.units_offered} units sold; its orders hold ${Number(row.ordered)}`);
  }

  const held = await sql<{ id: number; owner_user_id: number; balance: string | number; expected: string | number }>`
    SELECT a.id, a.owner_user_id, a.balance,
      COALESCE((SELECT SUM(w.amount) FROM withdrawals w WHERE w.user_id = a.owner_user_id AND w.status = 'Pending'), 0) +
      COALESCE((SELECT SUM(t.amount) FROM takeouts t WHERE t.user_id = a.owner_user_id AND t.status = 'Processing'), 0) AS expected
    FROM ledger_accounts a
    WHERE a.kind = 'member.held' AND a.balance <>
      COALESCE((SELECT SUM(w.amount) FROM withdrawals w WHERE w.user_id = a.owner_user_id AND w.status = 'Pending'), 0) +
      COALESCE((SELECT SUM(t.amount) FROM takeouts t WHERE t.user_id = a.owner_user_id AND t.status = 'Processing'), 0)
    LIMIT 20`.execute(db);
  for (const row of held.rows) {
    problems.push(`member ${row.owner_user_id} holds ${row.balance} but pending withdrawals and takeouts sum to ${row.expected}`);
  }

  const deposits = await sql<{ id: number; status: string; usdt_amount: string | number; credited: string | number | null }>`
    SELECT d.id, d.status, d.usdt_amount, t.amount AS credited
    FROM cash_deposits d
    LEFT JOIN ledger_transfers t ON t.idempotency_key = 'deposit:' || CAST(d.id AS VARCHAR(20))
    WHERE (d.status = 'Arrived' AND (t.amount IS NULL OR t.amount <> d.usdt_amount OR d.transfer_id IS NULL OR d.transfer_id <> t.id))
       OR (d.status <> 'Arrived' AND t.id IS NOT NULL)
    LIMIT 20`.execute(db);
  for (const row of deposits.rows) {
    problems.push(`deposit ${row.id} (${row.status}) of ${row.usdt_amount} was credited ${row.credited ?? 'nothing'}`);
  }

  return problems;
}
