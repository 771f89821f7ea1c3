import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { MigrationKit, VersionedMigration } from './kit';

/** The platform accounts as this migration created them (frozen copy of ledger/accounts.ts at the time). */
const PLATFORM_ACCOUNTS = [
  { kind: 'platform.deposits_clearing', allowNegative: true },
  { kind: 'platform.mining_revenue', allowNegative: true },
  { kind: 'platform.revenue_pool', allowNegative: false },
  { kind: 'platform.rewards_expense', allowNegative: true },
  { kind: 'platform.adjustments', allowNegative: true },
  { kind: 'platform.rental_revenue', allowNegative: false },
  { kind: 'platform.fees', allowNegative: false },
] as const;

export const migration: VersionedMigration = {
  name: '0004_ledger_orders_income',
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('ledger_accounts')
      .addColumn('id', idType, autoId)
      .addColumn('owner_user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ledger_accounts_owner_kind_uq').on('ledger_accounts').columns(['owner_user_id', 'kind']).unique().execute();
    await db.schema
      .createIndex('ledger_accounts_platform_kind_uq')
      .on('ledger_accounts')
      .column('kind')
      .unique()
      .where(sql.ref('owner_user_id'), 'is', null)
      .execute();

    await db.schema
      .createTable('ledger_transfers')
      .addColumn('id', idType, autoId)
      .addColumn('idempotency_key', 'varchar(160)', (c) => c.notNull().unique())
      .addColumn('operation_key', 'varchar(160)', (c) => c.notNull())
      .addColumn('debit_account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
      .addColumn('credit_account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('type', 'varchar(32)', (c) => c.notNull())
      .addColumn('description', 'varchar(200)', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)')
      .addColumn('fingerprint', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addCheckConstraint('ledger_transfers_distinct_accounts', sql`debit_account_id <> credit_account_id`)
      .execute();
    await db.schema.createIndex('ledger_transfers_operation_idx').on('ledger_transfers').column('operation_key').execute();
    await db.schema.createIndex('ledger_transfers_debit_idx').on('ledger_transfers').columns(['debit_account_id', 'id']).execute();
    await db.schema.createIndex('ledger_transfers_credit_idx').on('ledger_transfers').columns(['credit_account_id', 'id']).execute();

    // Platform accounts exist before any member account, so they always have the lowest ids
    // (every operation therefore locks platform accounts before member accounts).
    const k = db as Kysely<Database>;
    for (const account of PLATFORM_ACCOUNTS) {
      await k
        .insertInto('ledger_accounts')
        .values({ owner_user_id: null, kind: account.kind, allow_negative: account.allowNegative ? 1 : 0, balance: 0, created_at: new Date().toISOString() })
        .execute();
    }

    await db.schema
      .createTable('orders')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('unit_price', 'bigint', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('coupon_id', 'integer')
      .addColumn('coupon_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('day_return_amount', 'bigint', (c) => c.notNull())
      .addColumn('valid_days', 'integer', (c) => c.notNull())
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_ms', 'bigint', (c) => c.notNull())
      .addColumn('ends_ms', 'bigint', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_user_request_uq').on('orders').columns(['user_id', 'request_id']).unique().execute();
    await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'product_id']).execute();
    await db.schema.createIndex('orders_status_ends_idx').on('orders').columns(['status', 'ends_ms']).execute();

    await db.schema
      .createTable('income_accruals')
      .addColumn('id', idType, autoId)
      // No foreign key: rows are written set-based from orders by the job (a per-row FK trigger would
      // double the job's time); ledger:check verifies that every row belongs to an order.
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('reason', 'varchar(32)')
      .addColumn('due_ms', 'bigint', (c) => c.notNull())
      .addColumn('accrued_at', 'varchar(32)')
      .addColumn('paid_run_id', 'integer')
      .addColumn('source', 'varchar(8)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('income_accruals_order_day_uq').on('income_accruals').columns(['order_id', 'day']).unique().execute();
    await db.schema.createIndex('income_accruals_run_idx').on('income_accruals').column('paid_run_id').execute();
    await db.schema
      .createIndex('income_accruals_delayed_idx')
      .on('income_accruals')
      .columns(['user_id', 'due_ms'])
      .where(sql.ref('status'), '=', 'Delayed')
      .execute();

    await db.schema
      .createTable('takeouts')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('transfer_id', 'integer', (c) => c.notNull().references('ledger_transfers.id'))
      .addColumn('settle_transfer_id', 'integer', (c) => c.references('ledger_transfers.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('settle_due_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('settled_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('takeouts_user_request_uq').on('takeouts').columns(['user_id', 'request_id']).unique().execute();
    await db.schema.createIndex('takeouts_status_idx').on('takeouts').columns(['status', 'settle_due_at']).execute();

    await db.schema
      .createTable('coupons')
      .addColumn('id', idType, autoId)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('translations', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('min_spend', 'bigint', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.references('products.id'))
      .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
      .addColumn('end_time', 'varchar(32)', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('user_coupons')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
      .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
      .execute();
    await db.schema.createIndex('user_coupons_user_coupon_uq').on('user_coupons').columns(['user_id', 'coupon_id']).unique().execute();

    await db.schema
      .createTable('exchange_rates')
      .addColumn('currency', 'varchar(8)', (c) => c.primaryKey())
      .addColumn('rate', 'varchar(32)', (c) => c.notNull())
      .addColumn('source', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('job_runs')
      .addColumn('id', idType, autoId)
      .addColumn('job', 'varchar(16)', (c) => c.notNull())
      .addColumn('as_of', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('job_runs_job_idx').on('job_runs').columns(['job', 'as_of']).execute();
  },
};
