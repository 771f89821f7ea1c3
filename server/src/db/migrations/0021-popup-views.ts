import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0021_popup_views',
  // A pop-up notice is shown once per notice per member (features/messages/home-content.ts): the member's
  // browser reports that it showed one, and `sys/popup-notice` then offers only notices without a row here.
  // Unique per (member, notice), so a repeated or concurrent report records one view.
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('popup_views')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id'))
      .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('popup_views_once', ['user_id', 'notice_id'])
      .execute();
  },
};
