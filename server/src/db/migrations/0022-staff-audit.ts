import { sql, type Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

/**
 * The audit log grows to what the staff console needs (issue #12): the member an action concerned,
 * the state before and after, the reason and the source address. Rows stay append-only in the database
 * too, whatever writes to it: UPDATE and DELETE (and TRUNCATE on PostgreSQL) are refused by triggers,
 * as the ledger's are (0009). The message starts with `audit log is append-only`.
 */
const MESSAGE = 'audit log is append-only: audit_log rows cannot be updated or deleted';

export const migration: VersionedMigration = {
  name: '0022_staff_audit',
  async up(db: Kysely<unknown>, { dialect }: MigrationKit) {
    await db.schema.alterTable('audit_log').addColumn('member_id', 'integer').execute();
    await db.schema.alterTable('audit_log').addColumn('before_state', 'varchar(2000)').execute();
    await db.schema.alterTable('audit_log').addColumn('after_state', 'varchar(2000)').execute();
    await db.schema.alterTable('audit_log').addColumn('reason', 'varchar(500)').execute();
    await db.schema.alterTable('audit_log').addColumn('source_address', 'varchar(64)').execute();
    await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('audit_log_member_idx').on('audit_log').columns(['member_id', 'id']).execute();
    if (dialect === 'sqlite') {
      for (const op of ['UPDATE', 'DELETE']) {
        await sql
          .raw(`CREATE TRIGGER audit_log_no_${op.toLowerCase()} BEFORE ${op} ON audit_log BEGIN SELECT RAISE(ABORT, '${MESSAGE}'); END`)
          .execute(db);
      }
      return;
    }
    await sql
      .raw(
        `CREATE FUNCTION audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation'; END $$`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_refuse('${MESSAGE}')`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse('${MESSAGE}')`)
      .execute(db);
  },
};
