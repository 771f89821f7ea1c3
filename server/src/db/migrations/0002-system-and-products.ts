import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0002_system_and_products',
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
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
};
