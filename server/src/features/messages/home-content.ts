import type { Banner, PopupNotice, WalletNotice } from '@rigshare/api-schema';
import { isLocaleTag, type LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { auditStaffAction, staffName } from '../../audit';
import { localizedField } from '../../content/seed-content';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { OperatorError } from '../../operator-error';

/**
 * What the home page shows from published content: the carousel (banners), the scrolling notices and
 * the pop-up notice; and the wallet page's notices (kind `wallet`). Rows in `carousel` and `notices` (the seed publishes a few; staff publish and
 * unpublish more with `npm run admin -- carousel:* | notice:*`, each an audit row). English lives in the
 * row, other languages in its `translations` JSON. A pop-up is shown once per notice per member: the
 * browser reports that it showed one (`popup_views`), and it is not offered to that member again.
 */

export type NoticeKind = 'scroll' | 'popup' | 'wallet';
export const NOTICE_KINDS: readonly NoticeKind[] = ['scroll', 'popup', 'wallet'];
const TITLE_MAX = 200;
const CONTENT_MAX = 4000;
const URL_MAX = 500;

export async function publishedCarousel(db: Kysely<Database>, locale: LocaleTag, base: string): Promise<Banner[]> {
  const rows = await db
    .selectFrom('carousel')
    .select(['id', 'title', 'subtitle', 'translations', 'image_url', 'link'])
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: localizedField(r.translations, locale, 'title', r.title),
    subtitle: localizedField(r.translations, locale, 'subtitle', r.subtitle),
    imageUrl: r.image_url.startsWith('/') ? base + r.image_url : r.image_url,
    link: r.link,
  }));
}

export async function publishedScrollNotices(db: Kysely<Database>, locale: LocaleTag): Promise<string[]> {
  const rows = await db.selectFrom('notices').select(['content', 'translations']).where('kind', '=', 'scroll').where('active', '=', 1).orderBy('id').execute();
  return rows.map((r) => localizedField(r.translations, locale, 'content', r.content));
}

const activeNotices = (db: Kysely<Database>, kind: NoticeKind) =>
  db.selectFrom('notices').select(['id', 'title', 'content', 'translations']).where('kind', '=', kind).where('active', '=', 1);
const activePopups = (db: Kysely<Database>) => activeNotices(db, 'popup');

/** A notice with a title in the caller's language (the title may be empty for a wallet notice). */
function noticeView(row: { id: number; title: string; content: string; translations: string | null }, locale: LocaleTag): PopupNotice {
  return {
    id: row.id,
    title: localizedField(row.translations, locale, 'title', row.title),
    content: localizedField(row.translations, locale, 'content', row.content),
  };
}

/** The newest published pop-up notice this member has not been shown yet, or null. */
export async function unseenPopup(db: Kysely<Database>, userId: number, locale: LocaleTag): Promise<PopupNotice | null> {
  const row = await activePopups(db)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('popup_views').select('popup_views.id').whereRef('popup_views.notice_id', '=', 'notices.id').where('popup_views.user_id', '=', userId))),
    )
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? noticeView(row, locale) : null;
}

/** Every published pop-up notice, newest first (read again in full on /index/alert). */
export async function publishedPopups(db: Kysely<Database>, locale: LocaleTag): Promise<PopupNotice[]> {
  const rows = await activePopups(db).orderBy('id', 'desc').limit(20).execute();
  return rows.map((row) => noticeView(row, locale));
}

/** The wallet page's published notices, oldest first, as many as staff keep published (at most 20). */
export async function publishedWalletNotices(db: Kysely<Database>, locale: LocaleTag): Promise<WalletNotice[]> {
  const rows = await activeNotices(db, 'wallet').orderBy('id').limit(20).execute();
  return rows.map((row) => noticeView(row, locale));
}

/**
 * Records that the member was shown pop-up notice `id`. Idempotent: once per (member, notice) under a
 * unique constraint, so a repeated or concurrent report changes nothing. A notice that is not a
 * published pop-up is "not found".
 */
export async function markPopupSeen(db: Kysely<Database>, userId: number, id: number, at: Date): Promise<void> {
  const notice = await activePopups(db).where('id', '=', id).executeTakeFirst();
  if (!notice) throw new AppError(404, 'notFound');
  await db
    .insertInto('popup_views')
    .values({ user_id: userId, notice_id: id, seen_at: at.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .execute();
}

// ---- staff (npm run admin -- carousel:* | notice:*) ----

export function text(value: string | undefined, option: string, max: number, required: boolean): string {
  const v = (value ?? '').trim();
  if (required && !v) throw new OperatorError(`--${option} "..." is required (1 to ${max} characters)`);
  if (v.length > max) throw new OperatorError(`--${option} is at most ${max} characters`);
  return v;
}

/**
 * `--translations '{"hi-IN": {"title": "..."}}'`: the other languages of a row, checked (known locale
 * tags, only the row's fields, text within the limits) and stored as given.
 */
export function translationsOption(value: string | undefined, fields: readonly string[], max: number): string | null {
  if (value === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new OperatorError('--translations is JSON: {"hi-IN": {"title": "..."}, ...}');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new OperatorError('--translations is an object keyed by locale tag');
  for (const [tag, entry] of Object.entries(parsed)) {
    if (!isLocaleTag(tag)) throw new OperatorError(`--translations: "${tag}" is not a locale tag (e.g. hi-IN, de-DE)`);
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new OperatorError(`--translations: ${tag} needs an object of ${fields.join(', ')}`);
    for (const [field, v] of Object.entries(entry as Record<string, unknown>)) {
      if (!fields.includes(field)) throw new OperatorError(`--translations: ${tag}.${field} is not one of ${fields.join(', ')}`);
      if (typeof v !== 'string' || v.length > max) throw new OperatorError(`--translations: ${tag}.${field} is text of at most ${max} characters`);
    }
  }
  return JSON.stringify(parsed);
}

export interface CarouselInput {
  title: string | undefined;
  subtitle: string | undefined;
  image: string | undefined;
  link: string | undefined;
  sort: string | undefined;
  translations: string | undefined;
  by: string | undefined;
  at: Date;
  actorRole?: string | null;
  sourceAddress?: string | null;
}

/** An image or link is an https URL, or a path of this server (`/api/user/static/...`, `/api/user/files/...`); a link may also be an app route (`#/...`). */
export function urlOption(value: string | undefined, option: string, allowRoute: boolean): string {
  const v = (value ?? '').trim();
  if (v.length > URL_MAX) throw new OperatorError(`--${option} is at most ${URL_MAX} characters`);
  if (v === '' || /^https:\/\/[^\s]+$/.test(v) || /^\/api\/user\/(static|files)\/[A-Za-z0-9_.-]+$/.test(v) || (allowRoute && /^#\/[^\s]*$/.test(v))) return v;
  throw new OperatorError(`--${option} must be an https:// URL${allowRoute ? ', an app route (#/...)' : ''} or /api/user/static/<name>.svg`);
}

/** `--sort`: where a row shows among its kind, lower first; 0 when not given. */
export function sortOption(value: string | undefined): number {
  const sort = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(sort) || sort < 0 || sort > 1000) throw new OperatorError('--sort is a whole number from 0 to 1000 (lower shows first)');
  return sort;
}

export async function publishCarousel(db: Kysely<Database>, input: CarouselInput): Promise<{ id: number; title: string }> {
  const by = staffName(input.by);
  const title = text(input.title, 'title', TITLE_MAX, true);
  const subtitle = text(input.subtitle, 'subtitle', 300, false);
  const image = urlOption(input.image, 'image', false);
  if (!image) throw new OperatorError('An image is required: --image https://... or /api/user/static/<name>.svg');
  const link = urlOption(input.link, 'link', true);
  const sort = sortOption(input.sort);
  const translations = translationsOption(input.translations, ['title', 'subtitle'], 300);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('carousel')
      .values({ title, subtitle, translations, image_url: image, link, sort_order: sort, active: 1 })
      .returning(['id', 'title'])
      .executeTakeFirstOrThrow();
    await auditStaffAction(trx, { ...input, by }, { action: 'carousel.publish', target: `carousel:${row.id}`, details: title, at: input.at });
    return row;
  });
}

/** Where a staff action came from, for its audit row: the console's role and address (absent on the command line). */
export type StaffOrigin = { actorRole?: string | null; sourceAddress?: string | null };

export type StaffAction = { id: number; by: string | undefined; at: Date } & StaffOrigin;

/** Published content staff can take down: its table, its audit name and how the operator calls it. */
const UNPUBLISHABLE = {
  news: { audit: 'news', called: 'news item or notice' },
  carousel: { audit: 'carousel', called: 'carousel item' },
  notices: { audit: 'notice', called: 'notice' },
  videos: { audit: 'video', called: 'video' },
} as const;

/** Hides a published row (never deletes it) and writes its audit row, in one transaction; an unpublished or missing row is refused. */
export async function unpublish(db: Kysely<Database>, table: keyof typeof UNPUBLISHABLE, input: StaffAction): Promise<void> {
  const by = staffName(input.by);
  const { audit, called } = UNPUBLISHABLE[table];
  await db.transaction().execute(async (trx) => {
    const result = await trx.updateTable(table).set({ active: 0 }).where('id', '=', input.id).where('active', '=', 1).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new OperatorError(`No published ${called} ${input.id}`);
    await auditStaffAction(trx, { ...input, by }, { action: `${audit}.unpublish`, target: `${audit}:${input.id}`, at: input.at });
  });
}

export const unpublishCarousel = (db: Kysely<Database>, input: StaffAction) => unpublish(db, 'carousel', input);
export const unpublishNotice = (db: Kysely<Database>, input: StaffAction) => unpublish(db, 'notices', input);

export async function allCarousel(db: Kysely<Database>) {
  return db.selectFrom('carousel').select(['id', 'title', 'image_url', 'link', 'sort_order', 'active']).orderBy('active', 'desc').orderBy('sort_order').orderBy('id').limit(100).execute();
}

export interface NoticeInput {
  kind: string | undefined;
  title: string | undefined;
  content: string | undefined;
  translations: string | undefined;
  by: string | undefined;
  at: Date;
  actorRole?: string | null;
  sourceAddress?: string | null;
}

/** A scrolling notice (content only), a pop-up notice (title and content) or a wallet-page notice (content, title optional), published at once. */
export async function publishNotice(db: Kysely<Database>, input: NoticeInput): Promise<{ id: number; kind: NoticeKind }> {
  const by = staffName(input.by);
  const kind = input.kind as NoticeKind;
  if (!NOTICE_KINDS.includes(kind)) throw new OperatorError(`--kind is one of ${NOTICE_KINDS.join(', ')}`);
  const title = text(input.title, 'title', TITLE_MAX, kind === 'popup');
  if (kind === 'scroll' && title) throw new OperatorError('A scrolling notice has no title; give only --content');
  const content = text(input.content, 'content', CONTENT_MAX, true);
  const translations = translationsOption(input.translations, kind === 'scroll' ? ['content'] : ['title', 'content'], CONTENT_MAX);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('notices')
      .values({ kind, title, content, translations, active: 1, created_at: input.at.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditStaffAction(trx, { ...input, by }, { action: `notice.publish`, target: `notice:${row.id}`, details: `${kind}: ${title || content}`.slice(0, 2000), at: input.at });
    return { id: row.id, kind };
  });
}

export async function allNotices(db: Kysely<Database>) {
  return db.selectFrom('notices').select(['id', 'kind', 'title', 'content', 'active', 'created_at']).orderBy('id', 'desc').limit(100).execute();
}
