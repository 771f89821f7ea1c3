import { APP_VERSION, APP_VERSION_CODE, PLATFORM_ANDROID } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { SEED_BANNERS, SEED_SCROLL_NOTICES } from '../content/seed-content';
import type { Database } from '../db/schema';

/**
 * Reference data: what the app shows before any member exists, in every interface language: the app
 * version, banners, notices and exchange rates (figures an operator then maintains; source and date are
 * shown with every rate). The recharge channels come with migration 0006. No member, no money, and no
 * product or coupon (staff put those on offer; a product's units sold come from its orders): a
 * production start can run this alone. The demo's machines are in demo-catalogue.ts.
 */
export async function seedReferenceData(trx: Kysely<Database>, now: Date, options: { androidDownloadUrl?: string } = {}): Promise<void> {
  const androidDownloadUrl = options.androidDownloadUrl ?? '';

  await trx
    .insertInto('app_versions')
    .values({
      platform: PLATFORM_ANDROID,
      version: APP_VERSION,
      code: APP_VERSION_CODE,
      down_url: androidDownloadUrl,
      extra: 'First release.',
      compulsory: 0,
      created_at: now.toISOString(),
    })
    .execute();

  await trx
    .insertInto('carousel')
    .values(
      SEED_BANNERS.map((b, i) => ({
        title: b.en.title,
        subtitle: b.en.subtitle,
        translations: JSON.stringify(b.translations),
        image_url: `/api/user/static/${b.image}.svg`,
        link: '',
        sort_order: i + 1,
        active: 1,
      })),
    )
    .execute();

  await trx
    .insertInto('notices')
    .values(
      SEED_SCROLL_NOTICES.map((n) => ({
        kind: 'scroll',
        title: '',
        content: n.en,
        translations: JSON.stringify(n.translations),
        active: 1,
        created_at: now.toISOString(),
      })),
    )
    .execute();

  // Demo figures an operator would maintain; source and date are shown with every rate.
  await trx
    .insertInto('exchange_rates')
    .values([
      { currency: 'INR', rate: '83.20', source: 'operator', updated_at: now.toISOString() },
      { currency: 'NGN', rate: '1550.00', source: 'operator', updated_at: now.toISOString() },
      { currency: 'TRY', rate: '34.10', source: 'operator', updated_at: now.toISOString() },
      { currency: 'EUR', rate: '0.92', source: 'operator', updated_at: now.toISOString() },
    ])
    .execute();
}
