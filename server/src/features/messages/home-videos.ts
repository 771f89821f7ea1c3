import type { HomeVideo } from '@rigshare/api-schema';
import type { LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { auditStaffAction, staffName } from '../../audit';
import { localizedField } from '../../content/seed-content';
import type { Database } from '../../db/schema';
import { OperatorError } from '../../operator-error';
import { sortOption, text, translationsOption, unpublish, urlOption, type StaffAction, type StaffOrigin } from './home-content';

/**
 * The home page's videos: the video carousel (`placement` 'carousel', in staff's sort order) and the home
 * video ('home': the newest published one). Rows in `videos`, published and unpublished by staff like the
 * banners (`npm run admin -- video:*` or the console), each an audit row, never deleted. Every video has a
 * poster frame: the member sees it, not a blank box, until they press play.
 */

export type VideoPlacement = 'carousel' | 'home';
export const VIDEO_PLACEMENTS: readonly VideoPlacement[] = ['carousel', 'home'];
const URL_MAX = 500;

const publishedVideos = (db: Kysely<Database>, placement: VideoPlacement) =>
  db.selectFrom('videos').select(['id', 'title', 'translations', 'video_url', 'poster_url']).where('placement', '=', placement).where('active', '=', 1);

type VideoRow = { id: number; title: string; translations: string | null; video_url: string; poster_url: string };

function videoView(row: VideoRow, locale: LocaleTag, base: string): HomeVideo {
  const absolute = (url: string) => (url.startsWith('/') ? base + url : url);
  return { id: row.id, title: localizedField(row.translations, locale, 'title', row.title), videoUrl: absolute(row.video_url), posterUrl: absolute(row.poster_url) };
}

/** The video carousel: lower sort first, then the older one first. */
export async function publishedVideoCarousel(db: Kysely<Database>, locale: LocaleTag, base: string): Promise<HomeVideo[]> {
  const rows = await publishedVideos(db, 'carousel').orderBy('sort_order').orderBy('id').limit(20).execute();
  return rows.map((row) => videoView(row, locale, base));
}

/** The newest published home video, or null. */
export async function publishedHomeVideo(db: Kysely<Database>, locale: LocaleTag, base: string): Promise<HomeVideo | null> {
  const row = await publishedVideos(db, 'home').orderBy('id', 'desc').executeTakeFirst();
  return row ? videoView(row, locale, base) : null;
}

// ---- staff (npm run admin -- video:* and the console) ----

/** A video is an https URL of an .mp4 or .webm file (a query after it is fine), or a file of this server. */
function videoOption(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (!v) throw new OperatorError('A video is required: --video https://.../<name>.mp4|.webm or /api/user/files/<id>');
  if (v.length > URL_MAX) throw new OperatorError(`--video is at most ${URL_MAX} characters`);
  if (/^https:\/\/[^\s?#]+\.(mp4|webm)([?#][^\s]*)?$/i.test(v) || /^\/api\/user\/files\/[A-Za-z0-9_.-]+$/.test(v)) return v;
  throw new OperatorError('--video must be an https:// URL of an .mp4 or .webm video, or /api/user/files/<id> of this server');
}

export interface VideoInput extends StaffOrigin {
  placement: string | undefined;
  title: string | undefined;
  video: string | undefined;
  poster: string | undefined;
  sort: string | undefined;
  translations: string | undefined;
  by: string | undefined;
  at: Date;
}

/** Publishes a video at once, with its audit row, in one transaction; what is wrong is refused with the option to fix. */
export async function publishVideo(db: Kysely<Database>, input: VideoInput): Promise<{ id: number; placement: VideoPlacement; title: string }> {
  const by = staffName(input.by);
  const placement = input.placement as VideoPlacement;
  if (!VIDEO_PLACEMENTS.includes(placement)) throw new OperatorError(`--placement is one of ${VIDEO_PLACEMENTS.join(', ')}`);
  const title = text(input.title, 'title', 200, true);
  const video = videoOption(input.video);
  // The poster frame is what members see before play (nothing loads until then): required.
  const poster = urlOption(input.poster, 'poster', false);
  if (!poster) throw new OperatorError('A poster frame is required: --poster https://... or /api/user/static/<name>.svg');
  const sort = sortOption(input.sort);
  const translations = translationsOption(input.translations, ['title'], 200);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('videos')
      .values({ placement, title, translations, video_url: video, poster_url: poster, sort_order: sort, active: 1, created_at: input.at.toISOString() })
      .returning(['id', 'title'])
      .executeTakeFirstOrThrow();
    await auditStaffAction(trx, { ...input, by }, { action: 'video.publish', target: `video:${row.id}`, details: `${placement}: ${title} ${video}`.slice(0, 2000), at: input.at });
    return { id: row.id, placement, title: row.title };
  });
}

export const unpublishVideo = (db: Kysely<Database>, input: StaffAction) => unpublish(db, 'videos', input);

export async function allVideos(db: Kysely<Database>) {
  return db.selectFrom('videos').select(['id', 'placement', 'title', 'video_url', 'poster_url', 'sort_order', 'active', 'created_at']).orderBy('active', 'desc').orderBy('placement').orderBy('sort_order').orderBy('id', 'desc').limit(100).execute();
}
