import { APP_VERSION, APP_VERSION_CODE, PLATFORM_ANDROID, parseAmount } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { SEED_BANNERS, SEED_SCROLL_NOTICES } from '../../content/seed-content';
import type { Database } from '../schema';

const DAY_MS = 86_400_000;

/**
 * Reference data: what the app shows before any member exists, in every interface language: the app
 * version, banners, notices, the machines on sale, coupons and exchange rates (figures an operator then
 * maintains; source and date are shown with every rate). The recharge channels come with migration 0006.
 * No member and no money here: a production start can run this alone.
 */
export async function seedReferenceData(trx: Kysely<Database>, now: Date, options: { androidDownloadUrl?: string } = {}): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
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

  const products = await trx
    .insertInto('products')
    .values([
      product({ name: 'Antminer S19 share', category: 'SHA-256', image: 'product-s19', status: 1, start: -7 * DAY_MS, end: 90 * DAY_MS, dayReturn: '1.8', validDays: 60, price: '100', maxBuy: 10, offered: 500, sold: 137, sort: 1 }),
      product({ name: 'Antminer L7 share', category: 'Scrypt', image: 'product-l7', status: 1, start: -3 * DAY_MS, end: 120 * DAY_MS, dayReturn: '9.5', validDays: 90, price: '700', maxBuy: -1, offered: 200, sold: 41, sort: 2 }),
      product({ name: 'IceRiver KS5 share', category: 'kHeavyHash', image: 'product-ks5', status: 6, start: -1 * DAY_MS, end: 2 * DAY_MS, dayReturn: '4.2', validDays: 45, price: '160', maxBuy: 3, offered: 120, sold: 58, sort: 3 }),
      product({ name: 'Whatsminer M50 share', category: 'SHA-256', image: 'product-m50', status: 5, start: 3 * DAY_MS, end: 60 * DAY_MS, dayReturn: '3.1', validDays: 60, price: '180', maxBuy: 5, offered: 300, sold: 0, sort: 4 }),
      product({ name: 'Goldshell KA3 share', category: 'Kadena', image: 'product-ka3', status: 3, start: -30 * DAY_MS, end: 30 * DAY_MS, dayReturn: '0.65', validDays: 30, price: '15', maxBuy: 20, offered: 250, sold: 250, sort: 5 }),
      product({ name: 'Innosilicon E9 share', category: 'Ethash', image: 'product-e9', status: 1, start: -10 * DAY_MS, end: 150 * DAY_MS, dayReturn: '12.5', validDays: 120, price: '1200', maxBuy: 2, offered: 80, sold: 9, sort: 6 }),
    ])
    .returning(['id', 'name'])
    .execute();
  const l7 = products.find((p) => p.name === 'Antminer L7 share')!.id;

  await trx
    .insertInto('coupons')
    .values([
      {
        name: 'New member 5 USDT off',
        translations: JSON.stringify(COUPON_NAMES.newMember),
        amount: parseAmount('5').toString(),
        min_spend: parseAmount('100').toString(),
        product_id: null,
        start_time: at(-DAY_MS),
        end_time: at(90 * DAY_MS),
        active: 1,
        created_at: now.toISOString(),
      },
      {
        name: '20 USDT off Antminer L7 share',
        translations: JSON.stringify(COUPON_NAMES.l7),
        amount: parseAmount('20').toString(),
        min_spend: parseAmount('700').toString(),
        product_id: l7,
        start_time: at(-DAY_MS),
        end_time: at(60 * DAY_MS),
        active: 1,
        created_at: now.toISOString(),
      },
      {
        name: '1 USDT off any machine',
        translations: JSON.stringify(COUPON_NAMES.small),
        amount: parseAmount('1').toString(),
        min_spend: parseAmount('15').toString(),
        product_id: null,
        start_time: at(-DAY_MS),
        end_time: at(30 * DAY_MS),
        active: 1,
        created_at: now.toISOString(),
      },
    ])
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

const COUPON_NAMES = {
  newMember: {
    'hi-IN': { name: 'नए सदस्य के लिए 5 USDT छूट' },
    'ta-IN': { name: 'புதிய உறுப்பினருக்கு 5 USDT தள்ளுபடி' },
    'te-IN': { name: 'కొత్త సభ్యులకు 5 USDT తగ్గింపు' },
    'kn-IN': { name: 'ಹೊಸ ಸದಸ್ಯರಿಗೆ 5 USDT ರಿಯಾಯಿತಿ' },
    'tr-TR': { name: 'Yeni üyeye 5 USDT indirim' },
    'es-ES': { name: 'Nuevo miembro: 5 USDT de descuento' },
    'it-IT': { name: 'Nuovo membro: 5 USDT di sconto' },
    'fr-FR': { name: 'Nouveau membre : 5 USDT de remise' },
    'de-DE': { name: 'Neumitglied: 5 USDT Rabatt' },
  },
  l7: {
    'hi-IN': { name: 'Antminer L7 share पर 20 USDT छूट' },
    'ta-IN': { name: 'Antminer L7 share-க்கு 20 USDT தள்ளுபடி' },
    'te-IN': { name: 'Antminer L7 share పై 20 USDT తగ్గింపు' },
    'kn-IN': { name: 'Antminer L7 share ಮೇಲೆ 20 USDT ರಿಯಾಯಿತಿ' },
    'tr-TR': { name: 'Antminer L7 share için 20 USDT indirim' },
    'es-ES': { name: '20 USDT de descuento en Antminer L7 share' },
    'it-IT': { name: '20 USDT di sconto su Antminer L7 share' },
    'fr-FR': { name: '20 USDT de remise sur Antminer L7 share' },
    'de-DE': { name: '20 USDT Rabatt auf Antminer L7 share' },
  },
  small: {
    'hi-IN': { name: 'किसी भी मशीन पर 1 USDT छूट' },
    'ta-IN': { name: 'எந்த இயந்திரத்திற்கும் 1 USDT தள்ளுபடி' },
    'te-IN': { name: 'ఏ యంత్రంపైనైనా 1 USDT తగ్గింపు' },
    'kn-IN': { name: 'ಯಾವುದೇ ಯಂತ್ರದ ಮೇಲೆ 1 USDT ರಿಯಾಯಿತಿ' },
    'tr-TR': { name: 'Her makinede 1 USDT indirim' },
    'es-ES': { name: '1 USDT de descuento en cualquier máquina' },
    'it-IT': { name: '1 USDT di sconto su qualsiasi macchina' },
    'fr-FR': { name: '1 USDT de remise sur toute machine' },
    'de-DE': { name: '1 USDT Rabatt auf jede Maschine' },
  },
};
