import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

/**
 * An order the member sold back early (docs/decisions.md, "Selling a rented machine back"): its status
 * becomes 'Sold', and the order keeps when (sold_at), for how much (sold_amount, micro-units) and the last
 * day whose income stays the member's (kept_days). The accrual job still records a sold order's days up
 * to kept_days (days that fell due before the sale) and never one after it. Units sold are not touched.
 */
export const migration: VersionedMigration = {
  name: '0052_sold_back_orders',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('sold_at', 'varchar(32)')
      .execute();
    await db.schema.alterTable('orders').addColumn('sold_amount', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('kept_days', 'integer').execute();
  },
};
