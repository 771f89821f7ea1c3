import type { NewsItem, NewsKind } from '@rigshare/api-schema';
import type { Page } from '@rigshare/domain';
import type { Kysely, Selectable } from 'kysely';
import { countedPage, type Paging } from '../../db/paging';
import type { Database, NewsTable } from '../../db/schema';
import { AppError } from '../../errors';
import { OperatorError } from '../../operator-error';
import { auditStaffAction, staffName } from '../../audit';
import { unpublish, type StaffAction, type StaffOrigin } from './home-content';

/**
 * News (the /news list) and notices (/user/news) staff publish from the command line
 * (`npm run admin -- news:publish`). Plain text, shown as written in every language (React escapes
 * it); unpublishing hides an item without deleting it.
 */

export const NEWS_KINDS: readonly NewsKind[] = ['news', 'notice'];
export const NEWS_TITLE_MAX = 200;
export const NEWS_CONTENT_MAX = 8000;

function view(row: Selectable<NewsTable>): NewsItem {
  return { id: row.id, kind: row.kind as NewsKind, title: row.title, content: row.content, publishTime: row.published_at };
}

export async function publishedNews(db: Kysely<Database>, kind: NewsKind, paging: Paging): Promise<Page<NewsItem>> {
  const base = db.selectFrom('news').where('kind', '=', kind).where('active', '=', 1);
  const { total, rows } = await countedPage(base, base.selectAll().orderBy('id', 'desc'), paging);
  return { total, list: rows.map(view) };
}

export async function newsDetail(db: Kysely<Database>, id: number): Promise<NewsItem> {
  const row = await db.selectFrom('news').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  if (!row) throw new AppError(404, 'newsNotFound');
  return view(row);
}

// ---- staff (npm run admin -- news:publish | news:unpublish | news:list) ----

export async function publishNews(
  db: Kysely<Database>,
  input: { kind: string | undefined; title: string | undefined; content: string | undefined; by: string | undefined; at: Date } & StaffOrigin,
): Promise<NewsItem> {
  const by = staffName(input.by);
  const kind = (input.kind ?? 'news') as NewsKind;
  if (!NEWS_KINDS.includes(kind)) throw new OperatorError(`--kind is one of ${NEWS_KINDS.join(', ')}`);
  const title = (input.title ?? '').trim();
  const content = (input.content ?? '').trim();
  if (!title || title.length > NEWS_TITLE_MAX) throw new OperatorError(`A title of 1 to ${NEWS_TITLE_MAX} characters is required: --title "..."`);
  if (!content || content.length > NEWS_CONTENT_MAX) throw new OperatorError(`Content of 1 to ${NEWS_CONTENT_MAX} characters is required: --content "..."`);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('news')
      .values({ kind, title, content, published_at: input.at.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaffAction(trx, { ...input, by }, { action: 'news.publish', target: `news:${row.id}`, details: `${kind}: ${title}`, at: input.at });
    return view(row);
  });
}

export const unpublishNews = (db: Kysely<Database>, input: StaffAction) => unpublish(db, 'news', input);

export async function allNews(db: Kysely<Database>): Promise<Selectable<NewsTable>[]> {
  return db.selectFrom('news').selectAll().orderBy('id', 'desc').limit(100).execute();
}
