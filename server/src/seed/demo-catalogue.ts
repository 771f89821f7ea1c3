import { parseAmount } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { insertMember } from '../features/accounts';
import { buyInTransaction } from '../features/orders';
import { memberAccounts, platformAccountId } from '../ledger/accounts';
import { postOperation } from '../ledger/ledger';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';

const DAY_MS = 86_400_000;

interface DemoProduct {
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
  sort: number;
}

/** The demo's machines. None is sold at insert: the demo buyers' orders below sell what the bars show. */
const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { name: 'Antminer S19 share', category: 'SHA-256', image: 'product-s19', status: 1, start: -7 * DAY_MS, end: 90 * DAY_MS, dayReturn: '1.8', validDays: 60, price: '100', maxBuy: 10, offered: 500, sort: 1 },
  { name: 'Antminer L7 share', category: 'Scrypt', image: 'product-l7', status: 1, start: -3 * DAY_MS, end: 120 * DAY_MS, dayReturn: '9.5', validDays: 90, price: '700', maxBuy: -1, offered: 200, sort: 2 },
  { name: 'IceRiver KS5 share', category: 'kHeavyHash', image: 'product-ks5', status: 6, start: -1 * DAY_MS, end: 2 * DAY_MS, dayReturn: '4.2', validDays: 45, price: '160', maxBuy: 3, offered: 120, sort: 3 },
  { name: 'Whatsminer M50 share', category: 'SHA-256', image: 'product-m50', status: 5, start: 3 * DAY_MS, end: 60 * DAY_MS, dayReturn: '3.1', validDays: 60, price: '180', maxBuy: 5, offered: 300, sort: 4 },
  { name: 'Goldshell KA3 share', category: 'Kadena', image: 'product-ka3', status: 1, start: -30 * DAY_MS, end: 30 * DAY_MS, dayReturn: '0.65', validDays: 30, price: '15', maxBuy: 20, offered: 40, sort: 5 },
  { name: 'Innosilicon E9 share', category: 'Ethash', image: 'product-e9', status: 1, start: -10 * DAY_MS, end: 150 * DAY_MS, dayReturn: '12.5', validDays: 120, price: '1200', maxBuy: 2, offered: 80, sort: 6 },
];

/**
 * What each demo buyer rents, by product name and units: the KA3's two buyers take its last unit, so it
 * shows sold out because it is.
 */
const DEMO_PURCHASES: readonly (readonly [string, number][])[] = [
  [['Antminer S19 share', 10], ['Goldshell KA3 share', 20], ['IceRiver KS5 share', 3], ['Antminer L7 share', 1]],
  [['Antminer S19 share', 10], ['Goldshell KA3 share', 20], ['IceRiver KS5 share', 2]],
  [['Antminer S19 share', 6], ['Innosilicon E9 share', 1]],
];

/** The demo buyers' phones, as stored (E.164); they have no password, so nobody signs in as one. */
export const DEMO_BUYER_PHONES = DEMO_PURCHASES.map((_, i) => `+9190000001${String(i + 1).padStart(2, '0')}`);
const NO_PASSWORD = 'none';

/**
 * The demo's catalogue: its machines and coupons, and orders for them that demo buyers place through the
 * purchase service (each buyer first gets what they spend as a "Demo buyer balance" adjustment), so every
 * unit a bar shows as sold is an order and every order is paid in the ledger.
 */
export async function seedDemoCatalogue(trx: Kysely<Database>, dialect: DialectName, now: Date, { demoOrders = true } = {}): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const products = await trx
    .insertInto('products')
    .values(
      DEMO_PRODUCTS.map((p) => ({
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
        sort_order: p.sort,
        created_at: now.toISOString(),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const idOf = new Map(products.map((p) => [p.name, p.id]));
  await insertDemoCoupons(trx, now, idOf.get('Antminer L7 share')!);
  if (demoOrders) await placeDemoOrders(trx, dialect, now, idOf);
}

async function placeDemoOrders(trx: Kysely<Database>, dialect: DialectName, now: Date, idOf: Map<string, number>): Promise<void> {
  const priceOf = new Map(DEMO_PRODUCTS.map((p) => [p.name, parseAmount(p.price)]));
  const adjustments = await platformAccountId(trx, 'platform.adjustments');
  for (const [index, purchases] of DEMO_PURCHASES.entries()) {
    const buyer = await insertMember(trx, { phone: DEMO_BUYER_PHONES[index]!, passwordHash: NO_PASSWORD, inviterId: null, now });
    const key = `seed:demo-buyer:${index + 1}`;
    await postOperation(trx, dialect, {
      operationKey: key,
      at: now,
      legs: [
        {
          key,
          debit: adjustments,
          credit: (await memberAccounts(trx, buyer, now))['member.available'],
          amount: purchases.reduce((sum, [name, units]) => sum + priceOf.get(name)! * BigInt(units), 0n),
          type: 'Adjustment',
          description: 'adjustment',
          reason: 'Demo buyer balance',
        },
      ],
    });
    const outcomes = await buyInTransaction(
      trx,
      dialect,
      purchases.map(([name, quantity], n) => ({ userId: buyer, productId: idOf.get(name)!, quantity, couponId: null, requestId: `demo-order-${index + 1}-${n + 1}`, now })),
      () => {},
    );
    const refused = outcomes.find((o) => !o.ok);
    if (refused) throw new Error(`A demo order was refused: ${String(!refused.ok && refused.error)}`);
  }
}

async function insertDemoCoupons(trx: Kysely<Database>, now: Date, l7: number): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const coupon = (name: string, translations: object, amount: string, minSpend: string, productId: number | null, days: number) => ({
    name,
    translations: JSON.stringify(translations),
    amount: parseAmount(amount).toString(),
    min_spend: parseAmount(minSpend).toString(),
    product_id: productId,
    start_time: at(-1),
    end_time: at(days),
    active: 1,
    created_at: now.toISOString(),
  });
  await trx
    .insertInto('coupons')
    .values([
      coupon('New member 5 USDT off', COUPON_NAMES.newMember, '5', '100', null, 90),
      coupon('20 USDT off Antminer L7 share', COUPON_NAMES.l7, '20', '700', l7, 60),
      coupon('1 USDT off any machine', COUPON_NAMES.small, '1', '15', null, 30),
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
