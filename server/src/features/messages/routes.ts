import { messagesSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
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
}
