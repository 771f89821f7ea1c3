import { APP_VERSION, APP_VERSION_CODE, PLATFORM_ANDROID, parseAmount } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { insertMember } from '../features/accounts/members';
import { hashPassword } from '../security/password';
import type { Database } from './schema';

export const DEMO_PHONE = '9000000001';
export const DEMO_PASSWORD = 'Demo12345';
export const ROOT_INVITE_CODE = 'RIGSHARE';

const DAY_MS = 86_400_000;

/** Demo data for an empty database: the root member, banners, notices, the app version, products. */
export async function seedIfEmpty(db: Kysely<Database>, now: Date, androidDownloadUrl = ''): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

  await db.transaction().execute(async (trx) => {
    await insertMember(trx, {
      phone: DEMO_PHONE,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      inviterId: null,
      now,
      inviteCode: ROOT_INVITE_CODE,
    });

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
      .values([
        { title: 'Rent a mining machine', image_url: '/api/user/static/banner-rent.svg', link: '', sort_order: 1, active: 1 },
        { title: 'Every transfer on record', image_url: '/api/user/static/banner-transparency.svg', link: '', sort_order: 2, active: 1 },
        { title: 'Invite friends', image_url: '/api/user/static/banner-invite.svg', link: '', sort_order: 3, active: 1 },
      ])
      .execute();

    await trx
      .insertInto('notices')
      .values([
        {
          kind: 'scroll',
          title: '',
          content: 'Daily income is paid from recorded mining revenue; if revenue is short, payouts are delayed and shown as such.',
          active: 1,
          created_at: now.toISOString(),
        },
        {
          kind: 'scroll',
          title: '',
          content: 'Withdrawals carry a 5% fee, shown with the net amount before you confirm.',
          active: 1,
          created_at: now.toISOString(),
        },
      ])
      .execute();

    const product = (p: {
      name: string;
      category: string;
      image: string;
      status: number;
      start: number;
      end: number;
      dayReturn: string;
      validDays: number;
      price: string;
      maxBuy: number;
      offered: number;
      sold: number;
      sort: number;
    }) => ({
      name: p.name,
      category_name: p.category,
      image_url: `/api/user/static/${p.image}.svg`,
      status: p.status,
      start_time: at(p.start),
      end_time: at(p.end),
      day_return_micro: parseAmount(p.dayReturn).toString(),
      valid_days: p.validDays,
      price_micro: parseAmount(p.price).toString(),
      max_buy: p.maxBuy,
      units_offered: p.offered,
      units_sold: p.sold,
      sort_order: p.sort,
      created_at: now.toISOString(),
    });

    await trx
      .insertInto('products')
      .values([
        product({ name: 'Antminer S19 share', category: 'SHA-256', image: 'product-s19', status: 1, start: -7 * DAY_MS, end: 90 * DAY_MS, dayReturn: '1.8', validDays: 60, price: '100', maxBuy: 10, offered: 500, sold: 137, sort: 1 }),
        product({ name: 'Antminer L7 share', category: 'Scrypt', image: 'product-l7', status: 1, start: -3 * DAY_MS, end: 120 * DAY_MS, dayReturn: '9.5', validDays: 90, price: '700', maxBuy: -1, offered: 200, sold: 41, sort: 2 }),
        product({ name: 'IceRiver KS5 share', category: 'kHeavyHash', image: 'product-ks5', status: 6, start: -1 * DAY_MS, end: 2 * DAY_MS, dayReturn: '4.2', validDays: 45, price: '160', maxBuy: 3, offered: 120, sold: 58, sort: 3 }),
        product({ name: 'Whatsminer M50 share', category: 'SHA-256', image: 'product-m50', status: 5, start: 3 * DAY_MS, end: 60 * DAY_MS, dayReturn: '3.1', validDays: 60, price: '180', maxBuy: 5, offered: 300, sold: 0, sort: 4 }),
        product({ name: 'Goldshell KA3 share', category: 'Kadena', image: 'product-ka3', status: 3, start: -30 * DAY_MS, end: 30 * DAY_MS, dayReturn: '0.65', validDays: 30, price: '15', maxBuy: 20, offered: 250, sold: 250, sort: 5 }),
        product({ name: 'Innosilicon E9 share', category: 'Ethash', image: 'product-e9', status: 1, start: -10 * DAY_MS, end: 150 * DAY_MS, dayReturn: '12.5', validDays: 120, price: '1200', maxBuy: 2, offered: 80, sold: 9, sort: 6 }),
      ])
      .execute();
  });
  return true;
}
