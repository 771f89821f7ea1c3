import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DialectName } from './connect';
import type { Database } from './schema';

/** Migrations live in code so the same list runs on SQLite and PostgreSQL. */
function migrations(dialect: DialectName): Record<string, Migration> {
  const pg = dialect === 'postgres';
  // Integer keys: SERIAL on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite.
  const idType = pg ? sql`serial` : sql`integer`;
  const autoId = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const blobType = pg ? sql`bytea` : sql`blob`;

  return {
    '0001_accounts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('users')
          .addColumn('id', idType, autoId)
          .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
          .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
          .addColumn('inviter_id', 'integer', (c) => c.references('users.id'))
          .addColumn('head_url', 'varchar(500)')
          .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('grade', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('mark_headbg_url', 'varchar(500)')
          .addColumn('mark_text', 'varchar(100)')
          .addColumn('timezone_type', 'integer')
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();

        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('revoked_at', 'varchar(32)')
          .execute();
        await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

        await db.schema
          .createTable('captchas')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('answer', 'varchar(16)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('used_at', 'varchar(32)')
          .execute();

        await db.schema
          .createTable('verification_codes')
          .addColumn('id', idType, autoId)
          .addColumn('phone', 'varchar(20)', (c) => c.notNull())
          .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
          .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('used_at', 'varchar(32)')
          .execute();
        await db.schema
          .createIndex('verification_codes_phone_idx')
          .on('verification_codes')
          .columns(['phone', 'purpose', 'created_at'])
          .execute();

        await db.schema
          .createTable('sms_outbox')
          .addColumn('id', idType, autoId)
          .addColumn('phone', 'varchar(20)', (c) => c.notNull())
          .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
          .addColumn('body', 'varchar(500)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('files')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('owner_id', 'integer', (c) => c.references('users.id'))
          .addColumn('mime', 'varchar(64)', (c) => c.notNull())
          .addColumn('bytes', blobType, (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
      },
    },
    '0002_system_and_products': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('app_versions')
          .addColumn('id', idType, autoId)
          .addColumn('platform', 'varchar(16)', (c) => c.notNull())
          .addColumn('version', 'varchar(32)', (c) => c.notNull())
          .addColumn('code', 'integer', (c) => c.notNull())
          .addColumn('down_url', 'varchar(500)', (c) => c.notNull())
          .addColumn('extra', 'varchar(2000)', (c) => c.notNull())
          .addColumn('compulsory', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('carousel')
          .addColumn('id', idType, autoId)
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
          .addColumn('link', 'varchar(500)', (c) => c.notNull())
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();

        await db.schema
          .createTable('notices')
          .addColumn('id', idType, autoId)
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('content', 'varchar(4000)', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('products')
          .addColumn('id', idType, autoId)
          .addColumn('name', 'varchar(200)', (c) => c.notNull())
          .addColumn('category_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
          .addColumn('end_time', 'varchar(32)', (c) => c.notNull())
          .addColumn('day_return_micro', 'bigint', (c) => c.notNull())
          .addColumn('valid_days', 'integer', (c) => c.notNull())
          .addColumn('price_micro', 'bigint', (c) => c.notNull())
          .addColumn('max_buy', 'integer', (c) => c.notNull().defaultTo(-1))
          .addColumn('units_offered', 'integer', (c) => c.notNull())
          .addColumn('units_sold', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
      },
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
