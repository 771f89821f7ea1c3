import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
import { memberMessages, unreadCount } from './service';

/** The member's own messages (host /api/push, all auth); marking read and the screens come with the messages remote. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.get('/unread', auth, async (request) => ok(request, { count: await unreadCount(deps.db.kysely, request.member!.id) }));

  app.get('/record', auth, async (request) =>
    ok(request, await memberMessages(deps.db.kysely, request.member!.id, paging(request.query), request.locale)),
  );
}
