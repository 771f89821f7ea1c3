import type { Kysely } from 'kysely';
import { htmlPurifier } from '../../content/rich-text';
import type { Database } from '../schema';
import type { VersionedMigration } from './kit';

/** The rich text allow-list of @rigshare/domain when this migration was written (frozen copy). */
const ALLOW_LIST = {
  ALLOWED_TAGS: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'span', 'h3', 'h4'],
  ALLOWED_ATTR: ['href', 'title'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

const PAGE = 500;

/**
 * Posts are stored sanitised from now on (the server cleans a post with the allow-list before it stores
 * it); posts stored before were kept as members sent them, script and event handlers included, and only
 * the browser cleaned them on render. This cleans those rows with the same sanitiser and allow-list, so
 * every stored post is clean, whoever reads it (the API, the console, an export, the command line).
 * Rows that are already clean are not written. A post left with nothing to show keeps its (empty) text:
 * a post is not deleted by a migration; staff see it empty in review.
 */
export const migration: VersionedMigration = {
  name: '0046_sanitised_posts',
  async up(db: Kysely<unknown>) {
    const k = db as Kysely<Database>;
    // Text without a '<' holds no element at all, so nothing in it can run: only those with one are cleaned.
    let purify: Awaited<ReturnType<typeof htmlPurifier>> | null = null;
    for (let after = 0; ; ) {
      const rows = await k.selectFrom('posts').select(['id', 'content']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
      for (const row of rows) {
        if (!row.content.includes('<')) continue;
        purify ??= await htmlPurifier();
        const clean = purify.sanitize(row.content, ALLOW_LIST);
        if (clean !== row.content) await k.updateTable('posts').set({ content: clean }).where('id', '=', row.id).execute();
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].id;
    }
  },
};
