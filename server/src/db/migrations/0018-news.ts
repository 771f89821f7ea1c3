import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0018_news',
  // News and notices staff publish (npm run admin -- news:publish): `kind` news (the /news list) or
  // notice (/user/news), plain text as staff wrote it, newest first; unpublishing keeps the row.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('news')
      .addColumn('id', idType, autoId)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'varchar(8000)', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('news_kind_idx').on('news').columns(['kind', 'active', 'id']).execute();
  },
};
