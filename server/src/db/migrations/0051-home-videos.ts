import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0051_home_videos',
  // The home page's videos (the video carousel and the home video), published by staff like the banners:
  // English in the row, other languages in `translations`, never deleted (unpublished: active 0).
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('videos')
      .addColumn('id', idType, autoId)
      .addColumn('placement', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('translations', 'text')
      .addColumn('video_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('poster_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('videos_placement_active_idx').on('videos').columns(['placement', 'active']).execute();
  },
};
