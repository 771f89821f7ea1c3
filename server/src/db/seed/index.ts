import type { Db } from '../connect';
import { seedDemoData, seedDemoPromotions } from './demo';
import { seedReferenceData } from './reference';

export { DEMO_BALANCE, DEMO_PASSWORD, DEMO_PHONE, DEMO_POOL_FUNDING, DEMO_PROMOTIONS_FUNDING, ROOT_INVITE_CODE, seedDemoData, seedDemoPromotions } from './demo';
export { seedReferenceData } from './reference';

/** 'demo': reference data and the demo member, balance, pool and promotions budget (npm start); 'reference': reference data only (production). */
export type SeedMode = 'demo' | 'reference';

/**
 * An empty database gets the reference data, and with mode 'demo' the demo data too, in one
 * transaction. Empty = no member and no product yet (a production database has products long before
 * its first member). Returns false when there was something already.
 */
export async function seedIfEmpty(database: Db, now: Date, androidDownloadUrl = '', mode: SeedMode = 'demo'): Promise<boolean> {
  const member = await database.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const product = await database.kysely.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (member || product) return false;
  await database.kysely.transaction().execute(async (trx) => {
    await seedReferenceData(trx, now, { androidDownloadUrl });
    if (mode === 'demo') {
      await seedDemoData(trx, database.dialect, now);
      await seedDemoPromotions(trx, database.dialect, now);
    }
  });
  return true;
}
