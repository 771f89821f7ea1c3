import { sql, type Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0045_file_access',
  // Who may fetch a stored file (features/files/access.ts) follows from what it is for: an avatar, a
  // post's image (public once the post is Passed), a join-group screenshot or a feedback attachment
  // (their owner and staff only). Rows from before are classified from what refers to them; feedback
  // attachments in the file storage (keys fb-<uuid>) get a row too, so staff open them like the rest.
  // server_keys holds the key that signs private files' links, made on first use and shared by every
  // instance of the fleet.
  async up(db: Kysely<unknown>, kit) {
    await db.schema.alterTable('files').addColumn('purpose', 'varchar(16)').execute();
    await sql`UPDATE files SET purpose = 'post' WHERE id IN (SELECT file_id FROM post_images)`.execute(db);
    await sql`UPDATE files SET purpose = 'submission' WHERE id IN (SELECT file_id FROM reward_submissions WHERE file_id IS NOT NULL)`.execute(db);
    await sql`UPDATE files SET purpose = 'avatar' WHERE purpose IS NULL`.execute(db);
    const empty = kit.dialect === 'postgres' ? sql`'\\x'::bytea` : sql`X''`;
    await sql`INSERT INTO files (id, owner_id, mime, bytes, created_at, purpose)
      SELECT attachment, user_id, COALESCE(attachment_type, 'application/octet-stream'), ${empty}, created_at, 'feedback'
      FROM feedback WHERE attachment IS NOT NULL AND attachment NOT LIKE '%.%'`.execute(db);
    await db.schema.createIndex('post_images_file_idx').on('post_images').column('file_id').execute();
    await db.schema
      .createTable('server_keys')
      .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('secret', 'varchar(128)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
