import { sql, type Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

/**
 * The ledger guards itself in the database too, whatever code (or operator at a SQL prompt) writes to it:
 * - a transfer is never updated or deleted (nor truncated on PostgreSQL): a mistake is corrected by a
 *   reversing transfer;
 * - an account is never deleted, and only its balance changes (owner, kind, allow_negative, id and
 *   created_at are fixed once it exists).
 * The message starts with `ledger is append-only` so a refusal is easy to recognise in logs.
 */
const TRANSFER_MESSAGE = 'ledger is append-only: ledger_transfers rows cannot be updated or deleted';
const ACCOUNT_DELETE_MESSAGE = 'ledger is append-only: ledger_accounts rows cannot be deleted';
const ACCOUNT_UPDATE_MESSAGE = 'ledger is append-only: only the balance of a ledger_accounts row can change';
const ACCOUNT_FIXED = ['id', 'owner_user_id', 'kind', 'allow_negative', 'created_at'];

export const migration: VersionedMigration = {
  name: '0009_ledger_append_only',
  async up(db: Kysely<unknown>, { dialect }: MigrationKit) {
    if (dialect === 'sqlite') {
      for (const op of ['UPDATE', 'DELETE']) {
        await sql
          .raw(
            `CREATE TRIGGER ledger_transfers_no_${op.toLowerCase()} BEFORE ${op} ON ledger_transfers
             BEGIN SELECT RAISE(ABORT, '${TRANSFER_MESSAGE}'); END`,
          )
          .execute(db);
      }
      await sql
        .raw(
          `CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
           BEGIN SELECT RAISE(ABORT, '${ACCOUNT_DELETE_MESSAGE}'); END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ledger_accounts_fixed_columns BEFORE UPDATE OF ${ACCOUNT_FIXED.join(', ')} ON ledger_accounts
           WHEN ${ACCOUNT_FIXED.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')}
           BEGIN SELECT RAISE(ABORT, '${ACCOUNT_UPDATE_MESSAGE}'); END`,
        )
        .execute(db);
      return;
    }
    await sql
      .raw(
        `CREATE FUNCTION ledger_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation'; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ledger_transfers_no_change BEFORE UPDATE OR DELETE ON ledger_transfers
         FOR EACH ROW EXECUTE FUNCTION ledger_refuse('${TRANSFER_MESSAGE}')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
         FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse('${TRANSFER_MESSAGE}')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
         FOR EACH ROW EXECUTE FUNCTION ledger_refuse('${ACCOUNT_DELETE_MESSAGE}')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
         FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse('${ACCOUNT_DELETE_MESSAGE}')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ledger_accounts_fixed_columns BEFORE UPDATE ON ledger_accounts
         FOR EACH ROW WHEN (${ACCOUNT_FIXED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ')})
         EXECUTE FUNCTION ledger_refuse('${ACCOUNT_UPDATE_MESSAGE}')`,
      )
      .execute(db);
  },
};
