import { sql, type Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0008_exchange',
  // Exchange codes: staff set an amount per member and a budget; each member redeems one code, once.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
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
};
