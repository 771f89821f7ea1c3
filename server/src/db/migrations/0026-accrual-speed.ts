import { sql, type Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

/**
 * What the daily income job needs to run in about the time of a bare INSERT of its rows
 * (docs/performance.md, docs/ledger.md "Integrity without foreign keys"):
 * - PostgreSQL: ledger_transfers loses its two foreign keys to ledger_accounts. Each was a per-row trigger
 *   that locked the account row (FOR KEY SHARE), as much time as inserting the transfer itself. The
 *   ledger refuses a transfer to a missing account itself (postBatch counts the accounts its UPDATE
 *   reached, postOperation the accounts it locked) and ledger:check reports any. SQLite keeps them: its
 *   checks are cheap and dropping one would mean rebuilding the append-only table.
 * - PostgreSQL: ledger_accounts pages keep half their room free, so a balance update can stay on its
 *   page (a HOT update: no new index entries). Existing pages get the room as their rows move once.
 */
export const migration: VersionedMigration = {
  name: '0026_accrual_speed',
  async up(db: Kysely<unknown>, { dialect }: MigrationKit) {
    if (dialect !== 'postgres') return;
    await sql`ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_debit_account_id_fkey`.execute(db);
    await sql`ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_credit_account_id_fkey`.execute(db);
    await sql`ALTER TABLE ledger_accounts SET (fillfactor = 50)`.execute(db);
  },
};
