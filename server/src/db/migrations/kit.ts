import { sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../connect';

/** The column types that differ between SQLite and PostgreSQL, handed to every migration. */
export interface MigrationKit {
  dialect: DialectName;
  /** Integer keys: SERIAL on PostgreSQL, INTEGER (PRIMARY KEY AUTOINCREMENT) on SQLite. */
  idType: RawBuilder<unknown>;
  autoId: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  blobType: RawBuilder<unknown>;
}

/**
 * One migration. `name` is what Kysely records in kysely_migration: it never changes once released,
 * or existing databases would run the migration again. A migration never reads live application
 * constants (seed content, account lists): it keeps a frozen copy of what it needs.
 */
export interface VersionedMigration {
  name: string;
  up(db: Kysely<unknown>, kit: MigrationKit): Promise<void>;
}

export function migrationKit(dialect: DialectName): MigrationKit {
  const pg = dialect === 'postgres';
  return {
    dialect,
    idType: pg ? sql`serial` : sql`integer`,
    autoId: (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()),
    blobType: pg ? sql`bytea` : sql`blob`,
  };
}
