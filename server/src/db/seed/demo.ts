import { parseAmount } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { DEMO_BALANCE_OPERATION } from '../../content/seed-content';
import { insertMember } from '../../features/accounts';
import { memberAccounts, platformAccountId } from '../../ledger/accounts';
import { postOperation } from '../../ledger/ledger';
import { hashPassword } from '../../security/password';
import type { DialectName } from '../connect';
import type { Database } from '../schema';

/** As stored (E.164); the member types 9000000001 with India picked. */
export const DEMO_PHONE = '+919000000001';
export const DEMO_PASSWORD = 'Demo12345';
/** The demo member's invite code: the first members register with it. */
export const ROOT_INVITE_CODE = 'RIGSHARE';
export const DEMO_BALANCE = '1000';
export const DEMO_POOL_FUNDING = '20000';

/**
 * Demo data, through the ledger like everything else: the demo member (the root of the invite tree),
 * simulated mining revenue in the revenue pool, and the member's "Demo balance" adjustment.
 * Returns the demo member's id.
 */
export async function seedDemoData(trx: Kysely<Database>, dialect: DialectName, now: Date): Promise<number> {
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
  return demoId;
}
