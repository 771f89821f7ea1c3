import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { seedDemoData, seedDemoPromotions } from './demo';
import { seedReferenceData } from './reference';

export { DEMO_BALANCE, DEMO_PASSWORD, DEMO_PHONE, DEMO_POOL_FUNDING, DEMO_PROMOTIONS_FUNDING, ROOT_INVITE_CODE, seedDemoData, seedDemoPromotions } from './demo';
export { seedReferenceData } from './reference';

/**
 * 'demo': reference data, the demo member, balance, pool and promotions budget, and the demo catalogue
 * with its buyers' orders (npm start); 'reference': reference data only (production: no member, no
 * money, no product).
 */
export type SeedMode = 'demo' | 'reference';

/**
 * An empty database gets the reference data, and with mode 'demo' the demo data too, in one
 * transaction. Empty = no app release, member or product yet (the reference data's app release is there
 * from the first start, long before a production database has its first product or member). Returns
 * false when there was something already. `demoOrders: false` leaves the demo's machines unsold (the
 * server tests start from it, so what they buy and accrue is all there is).
 */
export async function seedIfEmpty(
  database: Db,
  now: Date,
  androidDownloadUrl = '',
  mode: SeedMode = 'demo',
  { demoOrders = true }: { demoOrders?: boolean } = {},
): Promise<boolean> {
  return database.kysely.transaction().execute(async (trx) => {
    // The instances of a fleet may start together on an empty database: the first to take the lock seeds,
    // the others wait for its commit and find the database seeded (SQLite's transactions are serial anyway).
    if (database.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext('rigshare:seed'))`.execute(trx);
    for (const table of ['app_versions', 'users', 'products'] as const) {
      if (await trx.selectFrom(table).select('id').limit(1).executeTakeFirst()) return false;
    }
    await seedReferenceData(trx, now, { androidDownloadUrl });
    if (mode === 'demo') {
      await seedDemoData(trx, database.dialect, now, { demoOrders });
      await seedDemoPromotions(trx, database.dialect, now);
    }
    return true;
  });
}
