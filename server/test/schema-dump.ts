import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../src/db/connect';

/**
 * What a migrated database looks like, in a form that can be compared and committed: every table with
 * its columns, indexes and constraints, every trigger, and the rows the migrations themselves insert
 * (platform accounts, pay channels) without their timestamps. Kysely's own bookkeeping tables are left out.
 */
export interface SchemaDump {
  tables: Record<string, unknown>;
  triggers: string[];
  rows: Record<string, unknown[]>;
}

const OWN_TABLES = (name: string) => !name.startsWith('kysely_') && !name.startsWith('sqlite_');

export async function dumpSchema(db: Kysely<unknown>, dialect: DialectName): Promise<SchemaDump> {
  const tables: Record<string, unknown> = {};
  let triggers: string[];
  if (dialect === 'sqlite') {
    const objects = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
      SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`.execute(db);
    for (const t of objects.rows.filter((o) => o.type === 'table' && OWN_TABLES(o.name))) {
      const columns = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(${t.name}) ORDER BY cid`.execute(db);
      const indexes = objects.rows
        .filter((o) => o.type === 'index' && o.tbl_name === t.name)
        .map((o) => ({ name: o.name, sql: o.sql }));
      tables[t.name] = {
        sql: t.sql,
        columns: columns.rows.map((c) => `${c.name} ${c.type}${c.notnull ? ' not null' : ''}${c.dflt_value != null ? ` default ${c.dflt_value}` : ''}${c.pk ? ` pk${c.pk}` : ''}`),
        indexes: indexes.map((i) => `${i.name}: ${i.sql ?? '(automatic)'}`),
      };
    }
    triggers = objects.rows.filter((o) => o.type === 'trigger').map((o) => o.name);
  } else {
    const names = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      ORDER BY table_name`.execute(db);
    for (const { table_name: name } of names.rows.filter((r) => OWN_TABLES(r.table_name))) {
      const columns = await sql<{
        column_name: string;
        data_type: string;
        character_maximum_length: number | null;
        is_nullable: string;
        column_default: string | null;
      }>`
        SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
        FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${name}
        ORDER BY ordinal_position`.execute(db);
      const indexes = await sql<{ indexname: string; indexdef: string }>`
        SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ${name}
        ORDER BY indexname`.execute(db);
      const constraints = await sql<{ conname: string; contype: string; def: string }>`
        SELECT c.conname, c.contype, pg_get_constraintdef(c.oid) AS def
        FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
        WHERE n.nspname = current_schema() AND r.relname = ${name}
        ORDER BY c.conname`.execute(db);
      tables[name] = {
        columns: columns.rows.map(
          (c) =>
            `${c.column_name} ${c.data_type}${c.character_maximum_length != null ? `(${c.character_maximum_length})` : ''}` +
            `${c.is_nullable === 'NO' ? ' not null' : ''}${c.column_default != null ? ` default ${c.column_default}` : ''}`,
        ),
        indexes: indexes.rows.map((i) => String(i.indexdef)),
        constraints: constraints.rows.map((c) => `${c.conname} ${c.contype}: ${c.def}`),
      };
    }
    const found = await sql<{ tgname: string }>`
      SELECT t.tgname FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
      WHERE n.nspname = current_schema() AND NOT t.tgisinternal ORDER BY t.tgname`.execute(db);
    triggers = found.rows.map((r) => r.tgname);
  }
  const accounts = await sql<Record<string, unknown>>`
    SELECT id, owner_user_id, kind, allow_negative, balance FROM ledger_accounts ORDER BY id`.execute(db);
  const channels = await sql<Record<string, unknown>>`SELECT * FROM pay_channels ORDER BY id`.execute(db);
  return { tables, triggers, rows: { ledger_accounts: accounts.rows.map(normalize), pay_channels: channels.rows.map(normalize) } };
}

/** Both drivers' numbers as strings (pg returns BIGINT as text, better-sqlite3 as number). */
function normalize(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'bigint' ? String(v) : v]));
}
