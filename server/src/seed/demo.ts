import { parseAmount } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { DEMO_BALANCE_OPERATION } from '../content/seed-content';
import { insertMember } from '../features/accounts';
import { memberAccounts, platformAccountId } from '../ledger/accounts';
import { postOperation } from '../ledger/ledger';
import { hashPassword } from '../security/password';
import type { DialectName } from '../db/connect';
import { toMicro, type Database } from '../db/schema';
import { reservePromotion } from '../ledger/promotions';
import { seedDemoCatalogue } from './demo-catalogue';

/** As stored (E.164); the member types 9000000001 with India picked. */
export const DEMO_PHONE = '+919000000001';
export const DEMO_PASSWORD = 'Demo12345';
/** The demo member's invite code: the first members register with it. */
export const ROOT_INVITE_CODE = 'RIGSHARE';
export const DEMO_BALANCE = '1000';
export const DEMO_POOL_FUNDING = '20000';
/** The demo's promotions budget: the seeded coupons' reservations and the free first days of demo members. */
export const DEMO_PROMOTIONS_FUNDING = '50000';
/** How many members each seeded coupon's reservation covers. */
const DEMO_COUPON_USES = 100n;

/**
 * Demo data, through the ledger like everything else: the demo member (the root of the invite tree),
 * simulated mining revenue in the revenue pool, the member's "Demo balance" adjustment, and the demo
 * catalogue with the orders its buyers placed (demo-catalogue.ts). Returns the demo member's id.
 */
export async function seedDemoData(trx: Kysely<Database>, dialect: DialectName, now: Date, { demoOrders = true } = {}): Promise<number> {
  const demoId = await insertMember(trx, {
    phone: DEMO_PHONE,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    inviterId: null,
    now,
    inviteCode: ROOT_INVITE_CODE,
  });

  const miningRevenue = await platformAccountId(trx, 'platform.mining_revenue');
  const pool = await platformAccountId(trx, 'platform.revenue_pool');
  await postOperation(trx, dialect, {
    operationKey: 'seed:pool-funding',
    at: now,
    legs: [
      {
        key: 'seed:pool-funding',
        debit: miningRevenue,
        credit: pool,
        amount: parseAmount(DEMO_POOL_FUNDING),
        type: 'Mining Revenue',
        description: 'mining_revenue',
        reason: 'DEMO DATA: simulated mining revenue for the demo (not real revenue)',
      },
    ],
  });
  const demoAccounts = await memberAccounts(trx, demoId, now);
  await postOperation(trx, dialect, {
    operationKey: DEMO_BALANCE_OPERATION,
    at: now,
    legs: [
      {
        key: DEMO_BALANCE_OPERATION,
        debit: await platformAccountId(trx, 'platform.adjustments'),
        credit: demoAccounts['member.available'],
        amount: parseAmount(DEMO_BALANCE),
        type: 'Adjustment',
        description: 'adjustment',
        // For staff; members read it in their language (SEEDED_RECORD_TEXT).
        reason: 'Demo balance',
      },
    ],
  });
  await seedDemoCatalogue(trx, dialect, now, { demoOrders });
  return demoId;
}

/**
 * The demo's promotions (migration 0048 onwards): the promotions budget funded with simulated money, as
 * staff would fund it, and each seeded coupon given a budget of DEMO_COUPON_USES discounts, reserved.
 */
export async function seedDemoPromotions(trx: Kysely<Database>, dialect: DialectName, now: Date): Promise<void> {
  const key = 'seed:promotions-funding';
  await postOperation(trx, dialect, {
    operationKey: key,
    at: now,
    legs: [
      {
        key,
        debit: await platformAccountId(trx, 'platform.rewards_funding'),
        credit: await platformAccountId(trx, 'platform.rewards_expense'),
        amount: parseAmount(DEMO_PROMOTIONS_FUNDING),
        type: 'Promotions Budget',
        description: 'promotions_budget',
        reason: 'DEMO DATA: simulated promotions budget for the demo (not real money)',
      },
    ],
  });
  const coupons = await trx.selectFrom('coupons').select(['id', 'amount']).where('budget', 'is', null).orderBy('id').execute();
  for (const coupon of coupons) {
    const budget = toMicro(coupon.amount) * DEMO_COUPON_USES;
    await trx.updateTable('coupons').set({ budget: budget.toString() }).where('id', '=', coupon.id).execute();
    await reservePromotion(trx, dialect, { key: `coupon-reserve:${coupon.id}`, amount: budget, at: now });
  }
}
