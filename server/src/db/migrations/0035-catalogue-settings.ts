import { sql, type Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0035_catalogue_settings',
  // The console's catalogue: a coupon's budget (the most its discounts may add up to, null for none) with
  // the count of members who took it, kept by the same statement that lets one more take it; and the links
  // staff set (customer service, the join-group link) that used to be environment settings; releases unique per platform and code.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('coupons').addColumn('budget', 'bigint').execute();
    await db.schema.alterTable('coupons').addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`UPDATE coupons SET claimed = (SELECT COUNT(*) FROM user_coupons uc WHERE uc.coupon_id = coupons.id)`.execute(db);
    // Two releases of one platform never share a code (the update check compares codes).
    await db.schema.createIndex('app_versions_platform_code_uq').on('app_versions').columns(['platform', 'code']).unique().execute();
    await db.schema
      .createTable('site_settings')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'varchar(500)', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(100)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
