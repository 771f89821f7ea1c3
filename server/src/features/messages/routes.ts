import { messagesSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
import fs from 'node:fs';
import path from 'node:path';
import { FEEDBACK_ATTACHMENT_LIMIT_BYTES } from '@rigshare/domain';
import { AppError } from '../../errors';
import { createFeedback, memberFeedback, storeAttachment, type StoredAttachment } from './feedback';
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
    ok(request, await memberMessages(deps.db.kysely, request.member!.id, paging(request.query), request.locale)),
  );

  app.get('/news/list', { ...auth, schema: schemas.newsList }, async (request) =>
    ok(request, await publishedNews(deps.db.kysely, request.query.kind ?? 'news', paging(request.query))),
  );
  app.get('/config/queryNews', { ...auth, schema: schemas.newsDetail }, async (request) => ok(request, await newsDetail(deps.db.kysely, request.query.id)));

  app.post('/feedback/create', { ...auth, schema: schemas.feedbackCreate }, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, 'unsupportedImage');
    const dir = path.join(deps.config.dataDir, 'feedback');
    const fields: Record<string, string> = {};
    let attachment: StoredAttachment | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: FEEDBACK_ATTACHMENT_LIMIT_BYTES, files: 1, fields: 5, fieldSize: 16 * 1024 } })) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && attachment === null) attachment = await storeAttachment(dir, part.file);
          else part.file.resume();
        } else fields[part.fieldname] = String(part.value ?? '');
      }
      return ok(request, await createFeedback(deps.db.kysely, { userId: request.member!.id, content: fields.content ?? '', phone: fields.phone ?? '', attachment, at: deps.clock() }));
    } catch (error) {
      if (attachment) fs.rmSync(path.join(dir, attachment.name), { force: true });
      const { code, statusCode } = error as { code?: string; statusCode?: number };
      if (error instanceof AppError) throw error;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'attachmentTooLarge', { limit: '20 MB' });
      if (statusCode && statusCode >= 400 && statusCode < 500) throw error;
      throw new AppError(400, 'badRequest');
    }
  });
  app.get('/feedback/list', { ...auth, schema: schemas.feedbackList }, async (request) => ok(request, await memberFeedback(deps.db.kysely, request.member!.id, paging(request.query))));
}
