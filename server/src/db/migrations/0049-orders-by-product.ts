import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0049_orders_by_product',
  // A product's track record (features/track-record) reads the orders of one product that still had a day
  // due in the last 90 days; without this index that is a scan of every order on a public page.
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('orders_product_ends_idx').on('orders').columns(['product_id', 'ends_ms']).execute();
  },
};
