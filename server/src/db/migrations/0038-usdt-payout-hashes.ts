import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { VersionedMigration } from './kit';

/** A BEP20 transaction hash, as `isValidTxHash` of @rigshare/domain read one when this migration was written (frozen copy). */
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * Before dd9a3cf the console asked for a bank reference on every withdrawal, so a USDT payout approved
 * there kept its transaction hash as a reference: the member read "Reference 0x…" where the
 * transaction hash belongs, and a pending second approval could be confirmed only with --ref. The
 * reference of a USDT withdrawal, or of one of its approvals, that is a transaction hash becomes its
 * hash. A reference that is not one stays (there is no hash to put in its place); bank withdrawals are
 * not touched. Only rows of that window match (the server refuses a reference for USDT since), so
 * they are read at once.
 */
export const migration: VersionedMigration = {
  name: '0038_usdt_payout_hashes',
  async up(db: Kysely<unknown>) {
    const k = db as Kysely<Database>;
    const withdrawals = await k
      .selectFrom('withdrawals')
      .select(['id', 'reference'])
      .where('channel', '=', 'USDT')
      .where('tx_hash', 'is', null)
      .where('reference', 'is not', null)
      .execute();
    for (const row of withdrawals.filter((w) => TX_HASH.test(w.reference!))) {
      await k.updateTable('withdrawals').set({ tx_hash: row.reference, reference: null }).where('id', '=', row.id).execute();
    }
    const approvals = await k
      .selectFrom('withdrawal_approvals as a')
      .innerJoin('withdrawals as w', 'w.id', 'a.withdrawal_id')
      .select(['a.id', 'a.reference'])
      .where('w.channel', '=', 'USDT')
      .where('a.tx_hash', 'is', null)
      .where('a.reference', 'is not', null)
      .execute();
    for (const row of approvals.filter((a) => TX_HASH.test(a.reference!))) {
      await k.updateTable('withdrawal_approvals').set({ tx_hash: row.reference, reference: null }).where('id', '=', row.id).execute();
    }
  },
};
