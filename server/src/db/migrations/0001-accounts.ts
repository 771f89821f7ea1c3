import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0001_accounts',
  async up(db: Kysely<unknown>, { idType, autoId, blobType }: MigrationKit) {
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
};
