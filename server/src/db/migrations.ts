import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { SEED_BANNERS, SEED_SCROLL_NOTICES } from '../content/seed-content';
import { SEED_PAY_CHANNELS } from '../content/pay-channels';
import { PLATFORM_ACCOUNTS, WALLET_PLATFORM_ACCOUNTS } from '../ledger/accounts';
import type { DialectName } from './connect';
import type { Database } from './schema';

/** Migrations live in code so the same list runs on SQLite and PostgreSQL. */
function migrations(dialect: DialectName): Record<string, Migration> {
  const pg = dialect === 'postgres';
  // Integer keys: SERIAL on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite.
  const idType = pg ? sql`serial` : sql`integer`;
  const autoId = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const blobType = pg ? sql`bytea` : sql`blob`;

  return {
    '0001_accounts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('users')
          .addColumn('id', idType, autoId)
          .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
          .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
          .addColumn('inviter_id', 'integer', (c) => c.references('users.id'))
          .addColumn('head_url', 'varchar(500)')
          .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('grade', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('mark_headbg_url', 'varchar(500)')
          .addColumn('mark_text', 'varchar(100)')
          .addColumn('timezone_type', 'integer')
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();

        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('revoked_at', 'varchar(32)')
          .execute();
        await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

        await db.schema
          .createTable('captchas')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('answer', 'varchar(16)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('used_at', 'varchar(32)')
          .execute();

        await db.schema
          .createTable('verification_codes')
          .addColumn('id', idType, autoId)
          .addColumn('phone', 'varchar(20)', (c) => c.notNull())
          .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
          .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('used_at', 'varchar(32)')
          .execute();
        await db.schema
          .createIndex('verification_codes_phone_idx')
          .on('verification_codes')
          .columns(['phone', 'purpose', 'created_at'])
          .execute();

        await db.schema
          .createTable('sms_outbox')
          .addColumn('id', idType, autoId)
          .addColumn('phone', 'varchar(20)', (c) => c.notNull())
          .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
          .addColumn('body', 'varchar(500)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('files')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('owner_id', 'integer', (c) => c.references('users.id'))
          .addColumn('mime', 'varchar(64)', (c) => c.notNull())
          .addColumn('bytes', blobType, (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
      },
    },
    '0002_system_and_products': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('app_versions')
          .addColumn('id', idType, autoId)
          .addColumn('platform', 'varchar(16)', (c) => c.notNull())
          .addColumn('version', 'varchar(32)', (c) => c.notNull())
          .addColumn('code', 'integer', (c) => c.notNull())
          .addColumn('down_url', 'varchar(500)', (c) => c.notNull())
          .addColumn('extra', 'varchar(2000)', (c) => c.notNull())
          .addColumn('compulsory', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('carousel')
          .addColumn('id', idType, autoId)
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
          .addColumn('link', 'varchar(500)', (c) => c.notNull())
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();

        await db.schema
          .createTable('notices')
          .addColumn('id', idType, autoId)
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('content', 'varchar(4000)', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('products')
          .addColumn('id', idType, autoId)
          .addColumn('name', 'varchar(200)', (c) => c.notNull())
          .addColumn('category_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
          .addColumn('end_time', 'varchar(32)', (c) => c.notNull())
          .addColumn('day_return_micro', 'bigint', (c) => c.notNull())
          .addColumn('valid_days', 'integer', (c) => c.notNull())
          .addColumn('price_micro', 'bigint', (c) => c.notNull())
          .addColumn('max_buy', 'integer', (c) => c.notNull().defaultTo(-1))
          .addColumn('units_offered', 'integer', (c) => c.notNull())
          .addColumn('units_sold', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
      },
    },
    '0003_localized_content': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('carousel').addColumn('subtitle', 'varchar(300)', (c) => c.notNull().defaultTo('')).execute();
        await db.schema.alterTable('carousel').addColumn('translations', 'text').execute();
        await db.schema.alterTable('notices').addColumn('translations', 'text').execute();
        // Rows seeded before this migration get their subtitle and translations.
        const k = db as Kysely<Database>;
        for (const b of SEED_BANNERS) {
          await k
            .updateTable('carousel')
            .set({ subtitle: b.en.subtitle, translations: JSON.stringify(b.translations) })
            .where('title', '=', b.en.title)
            .execute();
        }
        for (const n of SEED_SCROLL_NOTICES) {
          await k.updateTable('notices').set({ translations: JSON.stringify(n.translations) }).where('content', '=', n.en).execute();
        }
      },
    },
    '0004_ledger_orders_income': {
      async up(db: Kysely<unknown>) {
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
    },
    '0005_job_runs_order_mark': {
      // The highest order id an accrual run saw: orders created after it are accrued from day 1 on
      // the next run, whatever time that run was told it is.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('job_runs').addColumn('max_order_id', 'integer').execute();
      },
    },
    '0006_wallet': {
      async up(db: Kysely<unknown>) {
        // Fund password (scrypt, like login passwords) and the start of the withdrawal hold: the time of
        // the member's latest security change (login or fund password, address, bank card).
        await db.schema.alterTable('users').addColumn('pay_password_hash', 'varchar(255)').execute();
        await db.schema.alterTable('users').addColumn('pay_password_set_at', 'varchar(32)').execute();
        await db.schema.alterTable('users').addColumn('withdraw_hold_from', 'varchar(32)').execute();

        await db.schema
          .createTable('addresses')
          .addColumn('id', idType, autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
          .addColumn('currency', 'varchar(8)', (c) => c.notNull())
          .addColumn('chain', 'varchar(16)', (c) => c.notNull())
          .addColumn('address', 'varchar(64)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('bank_cards')
          .addColumn('id', idType, autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
          .addColumn('holder_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('account_number', 'varchar(20)', (c) => c.notNull())
          .addColumn('ifsc', 'varchar(11)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('pay_channels')
          .addColumn('id', idType, autoId)
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('currency', 'varchar(8)', (c) => c.notNull())
          .addColumn('min_amount', 'bigint', (c) => c.notNull())
          .addColumn('kind', 'varchar(8)', (c) => c.notNull())
          .addColumn('instructions', 'varchar(1000)', (c) => c.notNull())
          .addColumn('translations', 'text')
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();

        await db.schema
          .createTable('withdrawals')
          .addColumn('id', idType, autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('request_hash', 'varchar(200)', (c) => c.notNull())
          .addColumn('channel', 'varchar(8)', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
          .addColumn('fee', 'bigint', (c) => c.notNull())
          .addColumn('net', 'bigint', (c) => c.notNull())
          .addColumn('destination', 'varchar(64)', (c) => c.notNull())
          .addColumn('payout_to', 'varchar(300)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('decided_at', 'varchar(32)')
          .addColumn('tx_hash', 'varchar(80)')
          .addColumn('reference', 'varchar(100)')
          .addColumn('reason', 'varchar(500)')
          .addColumn('hold_transfer_id', 'integer', (c) => c.notNull().references('ledger_transfers.id'))
          .addColumn('return_transfer_id', 'integer', (c) => c.references('ledger_transfers.id'))
          .execute();
        await db.schema.createIndex('withdrawals_user_request_uq').on('withdrawals').columns(['user_id', 'request_id']).unique().execute();
        await db.schema.createIndex('withdrawals_hold_transfer_idx').on('withdrawals').column('hold_transfer_id').execute();
        await db.schema.createIndex('withdrawals_return_transfer_idx').on('withdrawals').column('return_transfer_id').execute();
        await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();

        await db.schema
          .createTable('cash_deposits')
          .addColumn('id', idType, autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('request_hash', 'varchar(200)', (c) => c.notNull())
          .addColumn('pay_channel_id', 'integer', (c) => c.notNull().references('pay_channels.id'))
          .addColumn('currency', 'varchar(8)', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
          .addColumn('usdt_amount', 'bigint', (c) => c.notNull())
          .addColumn('reference', 'varchar(64)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('decided_at', 'varchar(32)')
          .addColumn('reason', 'varchar(500)')
          .addColumn('transfer_id', 'integer', (c) => c.references('ledger_transfers.id'))
          .execute();
        await db.schema.createIndex('cash_deposits_user_request_uq').on('cash_deposits').columns(['user_id', 'request_id']).unique().execute();
        await db.schema.createIndex('cash_deposits_transfer_idx').on('cash_deposits').column('transfer_id').execute();
        await db.schema.createIndex('cash_deposits_status_idx').on('cash_deposits').columns(['status', 'id']).execute();

        const k = db as Kysely<Database>;
        for (const account of WALLET_PLATFORM_ACCOUNTS) {
          await k
            .insertInto('ledger_accounts')
            .values({ owner_user_id: null, kind: account.kind, allow_negative: account.allowNegative ? 1 : 0, balance: 0, created_at: new Date().toISOString() })
            .execute();
        }
        for (const [i, c] of SEED_PAY_CHANNELS.entries()) {
          await k
            .insertInto('pay_channels')
            .values({
              name: c.name,
              currency: c.currency,
              min_amount: c.minAmount,
              kind: c.kind,
              instructions: c.instructions.en,
              translations: JSON.stringify(c.instructions.translations),
              sort_order: i + 1,
              active: 1,
            })
            .execute();
        }
      },
    },
    '0007_chain_deposits': {
      // USDT (BEP20) deposits found on chain by the watcher (features/chain): one address per member
      // derived from the operator's xpub, the scan cursor per (chain, token), and each Transfer log seen.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('deposit_addresses')
          .addColumn('id', idType, autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
          // Lower-case hex, as the watcher compares it.
          .addColumn('address', 'varchar(42)', (c) => c.notNull().unique())
          .addColumn('derivation_index', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('chain_cursors')
          .addColumn('chain_id', 'integer', (c) => c.notNull())
          .addColumn('token_address', 'varchar(42)', (c) => c.notNull())
          .addColumn('decimals', 'integer', (c) => c.notNull())
          .addColumn('start_block', 'bigint', (c) => c.notNull())
          .addColumn('last_scanned_block', 'bigint', (c) => c.notNull())
          .addColumn('head_block', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .addPrimaryKeyConstraint('chain_cursors_pk', ['chain_id', 'token_address'])
          .execute();

        await db.schema
          .createTable('chain_deposits')
          .addColumn('id', idType, autoId)
          .addColumn('chain_id', 'integer', (c) => c.notNull())
          .addColumn('token_address', 'varchar(42)', (c) => c.notNull())
          .addColumn('tx_hash', 'varchar(66)', (c) => c.notNull())
          .addColumn('log_index', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('address', 'varchar(42)', (c) => c.notNull())
          .addColumn('from_address', 'varchar(42)', (c) => c.notNull())
          // Token units as decimal text (uint256 does not fit a BIGINT); amount is micro-USDT rounded down.
          .addColumn('units', 'varchar(80)', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('block_number', 'bigint', (c) => c.notNull())
          .addColumn('block_hash', 'varchar(66)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('reason', 'varchar(32)')
          .addColumn('minimum', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('arrived_at', 'varchar(32)')
          .addColumn('transfer_id', 'integer', (c) => c.references('ledger_transfers.id'))
          .execute();
        await db.schema.createIndex('chain_deposits_log_uq').on('chain_deposits').columns(['chain_id', 'tx_hash', 'log_index']).unique().execute();
        await db.schema.createIndex('chain_deposits_user_idx').on('chain_deposits').columns(['user_id', 'id']).execute();
        await db.schema.createIndex('chain_deposits_status_idx').on('chain_deposits').columns(['status', 'id']).execute();
        await db.schema.createIndex('chain_deposits_transfer_idx').on('chain_deposits').column('transfer_id').execute();
      },
    },
    '0008_exchange': {
      // Exchange codes: staff set an amount per member and a budget; each member redeems one code, once.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('exchange_codes')
          .addColumn('id', idType, autoId)
          .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
          .addColumn('budget', 'bigint', (c) => c.notNull())
          .addColumn('remaining', 'bigint', (c) => c.notNull().check(sql`remaining >= 0`))
          .addColumn('reason', 'varchar(500)', (c) => c.notNull())
          .addColumn('status', 'varchar(8)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('closed_at', 'varchar(32)')
          .execute();

        await db.schema
          .createTable('exchange_redemptions')
          .addColumn('id', idType, autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
          .addColumn('code_id', 'integer', (c) => c.notNull().references('exchange_codes.id'))
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('transfer_id', 'integer', (c) => c.notNull().references('ledger_transfers.id'))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('exchange_redemptions_code_idx').on('exchange_redemptions').column('code_id').execute();
        await db.schema.createIndex('exchange_redemptions_transfer_idx').on('exchange_redemptions').column('transfer_id').execute();
      },
    },
    '0010_push_messages': {
      // A member's messages (features/messages): a translation key and its parameters, rendered in the
      // reader's language when read, or a text written by staff, shown as written.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('push_messages')
          .addColumn('id', idType, autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('kind', 'varchar(32)', (c) => c.notNull())
          .addColumn('title_key', 'varchar(64)')
          .addColumn('body_key', 'varchar(64)')
          .addColumn('params', 'varchar(2000)')
          .addColumn('title_text', 'varchar(200)')
          .addColumn('body_text', 'varchar(4000)')
          .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('push_messages_user_idx').on('push_messages').columns(['user_id', 'id']).execute();
      },
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
