import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0027_solvency',
  // Hourly solvency snapshots (docs/solvency.md): totals and the Merkle sum root, each member's leaf so their
  // proof can be rebuilt, on-chain reserve readings of the snapshot, and the bank balances finance declares.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('solvency_snapshots')
      .addColumn('id', idType, autoId)
      .addColumn('taken_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('root', 'varchar(64)', (c) => c.notNull())
      .addColumn('leaf_count', 'integer', (c) => c.notNull())
      .addColumn('member_available', 'bigint', (c) => c.notNull())
      .addColumn('member_held', 'bigint', (c) => c.notNull())
      .addColumn('member_pending_income', 'bigint', (c) => c.notNull())
      .addColumn('member_liabilities', 'bigint', (c) => c.notNull())
      .addColumn('revenue_pool', 'bigint', (c) => c.notNull())
      .addColumn('rewards_budget', 'bigint', (c) => c.notNull())
      // The key each member's nonce is derived from (HMAC); never published.
      .addColumn('secret', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('solvency_leaves')
      .addColumn('snapshot_id', 'integer', (c) => c.notNull().references('solvency_snapshots.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('solvency_leaves_pk', ['snapshot_id', 'position'])
      .addUniqueConstraint('solvency_leaves_member_uq', ['snapshot_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('solvency_reserves')
      .addColumn('snapshot_id', 'integer', (c) => c.notNull().references('solvency_snapshots.id'))
      .addColumn('address', 'varchar(42)', (c) => c.notNull())
      .addColumn('balance', 'bigint')
      .addColumn('block_number', 'bigint')
      .addColumn('error', 'varchar(300)')
      .addPrimaryKeyConstraint('solvency_reserves_pk', ['snapshot_id', 'address'])
      .execute();
    await db.schema
      .createTable('solvency_bank_balances')
      .addColumn('id', idType, autoId)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('as_of', 'varchar(10)', (c) => c.notNull())
      .addColumn('declared_by', 'varchar(100)', (c) => c.notNull())
      .addColumn('declared_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('solvency_bank_balances_name_idx').on('solvency_bank_balances').columns(['name', 'id']).execute();
  },
};
