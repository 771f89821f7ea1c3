import { adminSchemas as schemas } from '@rigshare/api-schema';
import { phoneLookupKey } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { latestRowsPage } from '../../db/paging';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { type NoticeKind, publishCarousel, publishNews, publishNotice, publishVideo, sendStaffMessage, unpublishCarousel, unpublishNews, unpublishNotice, unpublishVideo } from '../messages';
import { postForMember } from '../community';
import { inviteMessageTexts, setInviteMessage } from '../../settings/invite-message';
import { routeOf } from './guard';
import { actedNow, refusing } from './route-kit';

/**
 * /admin/content: what members read from staff (news and station notices, the home page's notices,
 * carousel and videos, the wallet page's notices, the invite message, push messages). Each action but the
 * invite message's calls the service of the command line's news:*, notice:*, carousel:*, video:* and
 * push:send, which checks the text and writes the audit row.
 */
export function contentRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db.kysely;
  const done = (id: number) => ({ id });

  app.get(routeOf('contentNews').url, { config: routeOf('contentNews').config, schema: schemas.contentNews }, async (request) => {
    const { total, rows } = await latestRowsPage(db, 'news', request.query);
    const list = rows.map((r) => ({ id: r.id, kind: r.kind as 'news' | 'notice', title: r.title, content: r.content, publishedAt: r.published_at, active: r.active === 1 }));
    return ok(request, { total, list });
  });
  app.post(routeOf('contentNewsPublish').url, { config: routeOf('contentNewsPublish').config, schema: schemas.contentNewsPublish }, async (request) => {
    const item = await refusing(() => publishNews(db, { ...request.body, ...actedNow(request) }));
    return ok(request, done(item.id));
  });
  app.post(routeOf('contentNewsUnpublish').url, { config: routeOf('contentNewsUnpublish').config, schema: schemas.contentNewsUnpublish }, async (request) => {
    await refusing(() => unpublishNews(db, { id: request.params.id, ...actedNow(request) }));
    return ok(request, done(request.params.id));
  });

  app.get(routeOf('contentNotices').url, { config: routeOf('contentNotices').config, schema: schemas.contentNotices }, async (request) => {
    const { total, rows } = await latestRowsPage(db, 'notices', request.query);
    const list = rows.map((r) => ({ id: r.id, kind: r.kind as NoticeKind, title: r.title, content: r.content, createdAt: r.created_at, active: r.active === 1 }));
    return ok(request, { total, list });
  });
  app.post(routeOf('contentNoticePublish').url, { config: routeOf('contentNoticePublish').config, schema: schemas.contentNoticePublish }, async (request) => {
    const { kind, title, content } = request.body;
    const row = await refusing(() => publishNotice(db, { kind, title: title || undefined, content, translations: undefined, ...actedNow(request) }));
    return ok(request, done(row.id));
  });
  app.post(routeOf('contentNoticeUnpublish').url, { config: routeOf('contentNoticeUnpublish').config, schema: schemas.contentNoticeUnpublish }, async (request) => {
    await refusing(() => unpublishNotice(db, { id: request.params.id, ...actedNow(request) }));
    return ok(request, done(request.params.id));
  });

  app.get(routeOf('contentInviteMessage').url, { config: routeOf('contentInviteMessage').config, schema: schemas.contentInviteMessage }, async (request) =>
    ok(request, await inviteMessageTexts(db)),
  );
  app.post(routeOf('contentInviteMessageSet').url, { config: routeOf('contentInviteMessageSet').config, schema: schemas.contentInviteMessageSet }, async (request) =>
    ok(request, await refusing(() => setInviteMessage(db, { texts: request.body.texts, ...actedNow(request) }))),
  );

  app.get(routeOf('contentCarousel').url, { config: routeOf('contentCarousel').config, schema: schemas.contentCarousel }, async (request) => {
    const { total, rows } = await latestRowsPage(db, 'carousel', request.query);
    const list = rows.map((r) => ({ id: r.id, title: r.title, subtitle: r.subtitle, imageUrl: r.image_url, link: r.link, sort: r.sort_order, active: r.active === 1 }));
    return ok(request, { total, list });
  });
  app.post(routeOf('contentCarouselPublish').url, { config: routeOf('contentCarouselPublish').config, schema: schemas.contentCarouselPublish }, async (request) => {
    const { title, subtitle, image, link, sort } = request.body;
    const row = await refusing(() => publishCarousel(db, { title, subtitle, image, link, sort: sort === undefined ? undefined : String(sort), translations: undefined, ...actedNow(request) }));
    return ok(request, done(row.id));
  });
  app.post(routeOf('contentCarouselUnpublish').url, { config: routeOf('contentCarouselUnpublish').config, schema: schemas.contentCarouselUnpublish }, async (request) => {
    await refusing(() => unpublishCarousel(db, { id: request.params.id, ...actedNow(request) }));
    return ok(request, done(request.params.id));
  });

  app.get(routeOf('contentVideos').url, { config: routeOf('contentVideos').config, schema: schemas.contentVideos }, async (request) => {
    const { total, rows } = await latestRowsPage(db, 'videos', request.query);
    const list = rows.map((r) => ({ id: r.id, placement: r.placement as 'carousel' | 'home', title: r.title, videoUrl: r.video_url, posterUrl: r.poster_url, sort: r.sort_order, createdAt: r.created_at, active: r.active === 1 }));
    return ok(request, { total, list });
  });
  app.post(routeOf('contentVideoPublish').url, { config: routeOf('contentVideoPublish').config, schema: schemas.contentVideoPublish }, async (request) => {
    const { placement, title, video, poster, sort } = request.body;
    const row = await refusing(() => publishVideo(db, { placement, title, video, poster, sort: sort === undefined ? undefined : String(sort), translations: undefined, ...actedNow(request) }));
    return ok(request, done(row.id));
  });
  app.post(routeOf('contentVideoUnpublish').url, { config: routeOf('contentVideoUnpublish').config, schema: schemas.contentVideoUnpublish }, async (request) => {
    await refusing(() => unpublishVideo(db, { id: request.params.id, ...actedNow(request) }));
    return ok(request, done(request.params.id));
  });

  app.post(routeOf('contentPush').url, { config: routeOf('contentPush').config, schema: schemas.contentPush }, async (request) => {
    const { to, title, content } = request.body;
    return ok(request, await refusing(() => sendStaffMessage(db, { to: to.trim(), phoneRegion: deps.config.phoneDefaultRegion, title, body: content, ...actedNow(request) })));
  });

  // The command line's post:for-member, with the role and the name from the staff session, never typed.
  app.post(routeOf('contentPostForMember').url, { config: routeOf('contentPostForMember').config, schema: schemas.contentPostForMember }, async (request) => {
    const { to, content, videoUrl } = request.body;
    const byId = /^id:([1-9][0-9]{0,9})$/.exec(to.trim());
    const member = byId ? { id: Number(byId[1]) } : { phone: phoneLookupKey(to, deps.config.phoneDefaultRegion) };
    const acted = actedNow(request);
    const id = await refusing(() => postForMember(deps.db, { member, content, videoUrl, role: request.staff!.role, ...acted }));
    return ok(request, done(id));
  });
}
