import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0013_audit_log',
  // Append-only record of staff actions (DESIGN.md section 1): who, in which role, did what to which
  // target, when. The community feature writes post reviews and posts made for a member.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('audit_log')
      .ifNotExists()
      .addColumn('id', idType, autoId)
      .addColumn('actor', 'varchar(100)', (c) => c.notNull())
      .addColumn('actor_role', 'varchar(32)')
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target', 'varchar(100)', (c) => c.notNull())
      .addColumn('details', 'varchar(2000)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_target_idx').ifNotExists().on('audit_log').columns(['target', 'id']).execute();
  },
};
