import type { Db } from '../../db/connect';
import { toMicro } from '../../db/schema';
import { memberAccounts, platformAccountId } from '../../ledger/accounts';
import { lockAccounts, postOperation } from '../../ledger/ledger';
import { notifyDepositCredited } from '../../notices';
import { recordMemberEvent } from '../../events';

/** The ledger key of a chain deposit: one credit per log, whichever process or pass gets there first. */
export function chainDepositKey(row: { chain_id: number; tx_hash: string; log_index: number }): string {
  return `chain:${row.chain_id}:${row.tx_hash}:${row.log_index}`;
}

/**
 * Credits a Pending chain deposit once (platform.deposits_clearing -> member.available, type Recharge)
 * and marks it Arrived, in one transaction. `blockHash` is the block the caller verified as canonical;
 * if the deposit moved or was decided meanwhile, nothing happens. Returns whether this call credited it.
 */
export async function creditChainDeposit(db: Db, input: { id: number; blockHash: string; at: Date; required: number }): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const first = await trx.selectFrom('chain_deposits').select('user_id').where('id', '=', input.id).executeTakeFirstOrThrow();
    const accounts = await memberAccounts(trx, first.user_id, input.at);
    const clearing = await platformAccountId(trx, 'platform.deposits_clearing');
    // Serializes concurrent credits (PostgreSQL); SQLite's write transaction already does.
    await lockAccounts(trx, db.dialect, [clearing, accounts['member.available']]);
    const row = await trx.selectFrom('chain_deposits').selectAll().where('id', '=', input.id).executeTakeFirstOrThrow();
    if (row.status !== 'Pending' || row.block_hash !== input.blockHash) return false;
    const key = chainDepositKey(row);
    const { transfers, replayed } = await postOperation(trx, db.dialect, {
      operationKey: key,
      at: input.at,
      legs: [{ key, debit: clearing, credit: accounts['member.available'], amount: toMicro(row.amount), type: 'Recharge', description: 'usdt-deposit' }],
    });
    await trx
      .updateTable('chain_deposits')
      .set({ status: 'Arrived', arrived_at: input.at.toISOString(), transfer_id: transfers[0].id })
      .where('id', '=', row.id)
      .where('status', '=', 'Pending')
      .execute();
    if (!replayed) {
      await recordMemberEvent(trx, row.user_id, 'deposit', { id: row.id, status: 'Arrived', confirmations: input.required, required: input.required }, input.at);
      await notifyDepositCredited(trx, { userId: row.user_id, amount: toMicro(row.amount), at: input.at });
    }
    return !replayed;
  });
}
