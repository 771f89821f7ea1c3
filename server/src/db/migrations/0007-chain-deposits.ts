import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0007_chain_deposits',
  // USDT (BEP20) deposits found on chain by the watcher (features/chain): one address per member
  // derived from the operator's xpub, the scan cursor per (chain, token), and each Transfer log seen.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
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
};
