import { teamSchemas as schemas } from '@rigshare/api-schema';
import { TEAM_LEVELS } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
import { teamInfo, teamList } from './service';

/** The team (host /api/user): info and the three level lists. */
export async function teamRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.get('/team/info', { ...auth, schema: schemas.teamInfo }, async (request) => ok(request, await teamInfo(deps, request.member!.id)));

  for (const level of TEAM_LEVELS) {
    app.get(`/team/list-${level.toLowerCase()}`, { ...auth, schema: schemas.teamList }, async (request) =>
      ok(request, await teamList(deps.db.kysely, request.member!.id, level, paging(request.query))),
    );
  }
}
