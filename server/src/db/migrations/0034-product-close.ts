import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0034_product_close',
  // Staff close a product (features/products/manage.ts): its sale ends at once and members no longer see it
  // in the list; those who hold it keep their orders and income. A product is never deleted.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('products').addColumn('closed_at', 'varchar(32)').execute();
  },
};
