import { sql, type Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

const ACCOUNT_UPDATE_MESSAGE = 'ledger is append-only: only the balance of a ledger_accounts row can change';
const ACCOUNT_FIXED = ['id', 'owner_user_id', 'kind', 'allow_negative', 'created_at'];

/**
 * PostgreSQL: the guard of migration 0009 on ledger_accounts' fixed columns fires only for an UPDATE that
 * names one of them (`UPDATE OF ...`), as SQLite's already did. Before, every balance update evaluated its
 * WHEN clause row by row: about a third of the accrual's 100,000 balance updates (docs/performance.md).
 * An UPDATE that sets a fixed column is refused exactly as before (ledger-append-only.test.ts); no other
 * BEFORE UPDATE trigger on the table rewrites those columns, so none can change them unseen.
 */
export const migration: VersionedMigration = {
  name: '0036_account_guard_columns',
  async up(db: Kysely<unknown>, { dialect }: MigrationKit) {
    if (dialect === 'sqlite') return;
    await sql.raw('DROP TRIGGER ledger_accounts_fixed_columns ON ledger_accounts').execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ledger_accounts_fixed_columns BEFORE UPDATE OF ${ACCOUNT_FIXED.join(', ')} ON ledger_accounts
         FOR EACH ROW WHEN (${ACCOUNT_FIXED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ')})
         EXECUTE FUNCTION ledger_refuse('${ACCOUNT_UPDATE_MESSAGE}')`,
      )
      .execute(db);
  },
};
