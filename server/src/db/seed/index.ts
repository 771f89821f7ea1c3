import type { Db } from '../connect';
import { seedDemoData } from './demo';
import { seedReferenceData } from './reference';

export { DEMO_BALANCE, DEMO_PASSWORD, DEMO_PHONE, DEMO_POOL_FUNDING, ROOT_INVITE_CODE, seedDemoData } from './demo';
export { seedReferenceData } from './reference';

/**
 * An empty database (no member yet) gets the reference data and the demo data, in one transaction.
 * Returns false when there was something already.
 */
export async function seedIfEmpty(database: Db, now: Date, androidDownloadUrl = ''): Promise<boolean> {
  const existing = await database.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await database.kysely.transaction().execute(async (trx) => {
    await seedReferenceData(trx, now, { androidDownloadUrl });
    await seedDemoData(trx, database.dialect, now);
  });
  return true;
}
