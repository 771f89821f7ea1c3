import { messagesSchemas as schemas, systemSchemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import os from 'node:os';
import path from 'node:path';
import { FEEDBACK_ATTACHMENT_LIMIT_BYTES } from '@rigshare/domain';
import { AppError } from '../../errors';
import { createFeedback, memberFeedback, storeAttachment, type StoredAttachment } from './feedback';
import { publicBase } from '../files';
import { markPopupSeen, publishedCarousel, publishedPopups, publishedScrollNotices, unseenPopup } from './home-content';
import { newsDetail, publishedNews } from './news';
import { markRead, memberMessages, unreadCount } from './service';

/** The member's own messages, and published news and notices (host /api/push, all auth). */
export async function messageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.get('/unread', { ...auth, schema: schemas.unread }, async (request) => ok(request, { count: await unreadCount(deps.db.kysely, request.member!.id) }));

  app.post('/record/update', { ...auth, schema: schemas.markRead }, async (request) =>
    ok(request, { count: await markRead(deps.db.kysely, request.member!.id, request.body.id) }),
  );

  app.get('/record', { ...auth, schema: schemas.records }, async (request) =>
    ok(request, await memberMessages(deps.db.kysely, request.member!.id, request.query, request.locale)),
  );

  app.get('/news/list', { ...auth, schema: schemas.newsList }, async (request) =>
    ok(request, await publishedNews(deps.db.kysely, request.query.kind ?? 'news', request.query)),
  );
  app.get('/config/queryNews', { ...auth, schema: schemas.newsDetail }, async (request) => ok(request, await newsDetail(deps.db.kysely, request.query.id)));

  app.post('/feedback/create', { ...auth, schema: schemas.feedbackCreate }, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, 'unsupportedImage');
    const spoolDir = path.join(os.tmpdir(), 'rigshare-uploads');
    const fields: Record<string, string> = {};
    let attachment: StoredAttachment | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: FEEDBACK_ATTACHMENT_LIMIT_BYTES, files: 1, fields: 5, fieldSize: 16 * 1024 } })) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && attachment === null) attachment = await storeAttachment(deps.storage, spoolDir, part.file);
          else part.file.resume();
        } else fields[part.fieldname] = String(part.value ?? '');
      }
      return ok(request, await createFeedback(deps.db.kysely, { userId: request.member!.id, content: fields.content ?? '', phone: fields.phone ?? '', attachment, at: deps.clock() }));
    } catch (error) {
      if (attachment) await deps.storage.delete(attachment.name);
      const { code, statusCode } = error as { code?: string; statusCode?: number };
      if (error instanceof AppError) throw error;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'attachmentTooLarge', { limit: '20 MB' });
      if (statusCode && statusCode >= 400 && statusCode < 500) throw error;
      throw new AppError(400, 'badRequest');
    }
  });
  app.get('/feedback/list', { ...auth, schema: schemas.feedbackList }, async (request) => ok(request, await memberFeedback(deps.db.kysely, request.member!.id, request.query)));
}

/**
 * The home page's published content (host /api/user): banners and scrolling notices for everyone, the
 * pop-up notice once per notice per member (the shell reports each one it showed).
 */
export async function homeContentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const db = app.deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.get('/sys/carousel', { schema: systemSchemas.carousel }, async (request) => ok(request, await publishedCarousel(db, request.locale, publicBase(app, request))));
  app.get('/sys/scroll-notice', { schema: systemSchemas.scrollNotice }, async (request) => ok(request, await publishedScrollNotices(db, request.locale)));
  app.get('/sys/popup-notice', { ...auth, schema: systemSchemas.popupNotice }, async (request) => ok(request, await unseenPopup(db, request.member!.id, request.locale)));
  app.post('/sys/popup-notice/seen', { ...auth, schema: systemSchemas.popupSeen }, async (request) => {
    await markPopupSeen(db, request.member!.id, request.body.id, app.deps.clock());
    return ok(request, null);
  });
  app.get('/sys/queryPopUpRwList', { ...auth, schema: systemSchemas.popupList }, async (request) => ok(request, await publishedPopups(db, request.locale)));
}
