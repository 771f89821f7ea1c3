import { sql, type Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0012_community',
  // Community posts (features/community): rich text stored as the member sent it (the browser
  // sanitises on display), review state 0 Pending / 1 Passed / 2 Failed with the reviewer's reason,
  // a staff mark when staff posted for the member, images (files rows), one like per member per post
  // (unique), and comments with an optional reply target.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('posts')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('video_url', 'varchar(500)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2)`))
      .addColumn('fail_reason', 'varchar(500)')
      .addColumn('reviewed_by', 'varchar(100)')
      .addColumn('reviewed_at', 'varchar(32)')
      .addColumn('staff_author', 'varchar(100)')
      .addColumn('staff_role', 'varchar(32)')
      .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // The feed: Passed posts, newest first; my posts; the hourly limit counts a member's recent posts.
    await db.schema.createIndex('posts_status_id_idx').on('posts').columns(['status', 'id']).execute();
    await db.schema.createIndex('posts_user_id_idx').on('posts').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('post_images')
      .addColumn('id', idType, autoId)
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id'))
      .addColumn('file_id', 'varchar(64)', (c) => c.notNull().references('files.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('post_images_post_idx').on('post_images').columns(['post_id', 'position']).execute();

    await db.schema
      .createTable('post_likes')
      .addColumn('id', idType, autoId)
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('post_likes_once', ['post_id', 'user_id'])
      .execute();
    await db.schema.createIndex('post_likes_user_idx').on('post_likes').columns(['user_id', 'post_id']).execute();

    await db.schema
      .createTable('post_comments')
      .addColumn('id', idType, autoId)
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('reply_to_comment_id', 'integer', (c) => c.references('post_comments.id'))
      .addColumn('reply_to_user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('content', 'varchar(500)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('post_comments_post_idx').on('post_comments').columns(['post_id', 'id']).execute();
    await db.schema.createIndex('post_comments_user_idx').on('post_comments').columns(['user_id', 'id']).execute();
  },
};
