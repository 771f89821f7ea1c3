import { messagesSchemas as schemas, systemSchemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { FEEDBACK_ATTACHMENT_LIMIT_BYTES } from '@rigshare/domain';
import { createFeedback, memberFeedback } from './feedback';
import { publicBase, readImageForm, storingImages, type UploadForm } from '../files';
import { markPopupSeen, publishedCarousel, publishedPopups, publishedScrollNotices, publishedWalletNotices, unseenPopup } from './home-content';
import { publishedHomeVideo, publishedVideoCarousel } from './home-videos';
import { newsDetail, publishedNews } from './news';
import { markRead, memberMessages } from './service';
import { unreadCount } from '../../notices/unread';

/** feedback/create's multipart body: content, phone and an optional image "file" of at most 20 MB, decoded by the one intake. */
const FEEDBACK_FORM: UploadForm = { field: 'file', maxFiles: 1, maxBytes: FEEDBACK_ATTACHMENT_LIMIT_BYTES, tooLarge: 'attachmentTooLarge', fields: ['content', 'phone'] };

/** The member's own messages, and published news and notices (host /api/push, all auth). */
export async function messageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.get('/unread', { ...auth, schema: schemas.unread }, async (request) => ok(request, { count: await unreadCount(deps.db.kysely, request.member!.id) }));

  app.post('/record/update', { ...auth, schema: schemas.markRead }, async (request) =>
    ok(request, { count: await markRead(deps.db, request.member!.id, request.body.id, deps.clock()) }),
  );

  app.get('/record', { ...auth, schema: schemas.records }, async (request) =>
    ok(request, await memberMessages(deps.db.kysely, request.member!.id, request.query, request.locale)),
  );

  app.get('/news/list', { ...auth, schema: schemas.newsList }, async (request) =>
    ok(request, await publishedNews(deps.db.kysely, request.query.kind ?? 'news', request.query)),
  );
  app.get('/config/queryNews', { ...auth, schema: schemas.newsDetail }, async (request) => ok(request, await newsDetail(deps.db.kysely, request.query.id)));

  app.post('/feedback/create', { ...auth, schema: schemas.feedbackCreate }, async (request) => {
    const userId = request.member!.id;
    const { fields, images } = await readImageForm(request, FEEDBACK_FORM);
    const [image] = images;
    const at = deps.clock();
    const feedback = await storingImages(deps.storage, { ownerId: userId, purpose: 'feedback', at }, (store) =>
      deps.db.kysely.transaction().execute(async (trx) => {
        const attachment = image ? { name: await store(trx, image), mime: image.mime, size: image.bytes.length } : null;
        return createFeedback(trx, { userId, content: fields.content ?? '', phone: fields.phone ?? '', attachment, at });
      }),
    );
    return ok(request, feedback);
  });
  app.get('/feedback/list', { ...auth, schema: schemas.feedbackList }, async (request) => ok(request, await memberFeedback(deps.db.kysely, request.member!.id, request.query)));
}

/**
 * The home page's published content (host /api/user): banners, videos and scrolling notices for everyone,
 * the pop-up notice once per notice per member (the shell reports each one it showed); the wallet page's notices.
 */
export async function homeContentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const db = app.deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.get('/sys/carousel', { schema: systemSchemas.carousel }, async (request) => ok(request, await publishedCarousel(db, request.locale, publicBase(app, request))));
  app.get('/sys/videoCarousel', { schema: systemSchemas.videoCarousel }, async (request) => ok(request, await publishedVideoCarousel(db, request.locale, publicBase(app, request))));
  app.get('/sys/home-video', { schema: systemSchemas.homeVideo }, async (request) => ok(request, await publishedHomeVideo(db, request.locale, publicBase(app, request))));
  app.get('/sys/scroll-notice', { schema: systemSchemas.scrollNotice }, async (request) => ok(request, await publishedScrollNotices(db, request.locale)));
  app.get('/sys/popup-notice', { ...auth, schema: systemSchemas.popupNotice }, async (request) => ok(request, await unseenPopup(db, request.member!.id, request.locale)));
  app.post('/sys/popup-notice/seen', { ...auth, schema: systemSchemas.popupSeen }, async (request) => {
    await markPopupSeen(db, request.member!.id, request.body.id, app.deps.clock());
    return ok(request, null);
  });
  // Members only: the wallet page is behind the login, and its notices speak to members about their money.
  app.get('/sys/wallet-notice', { ...auth, schema: systemSchemas.walletNotice }, async (request) => ok(request, await publishedWalletNotices(db, request.locale)));
  app.get('/sys/queryPopUpRwList', { ...auth, schema: systemSchemas.popupList }, async (request) => ok(request, await publishedPopups(db, request.locale)));
}
