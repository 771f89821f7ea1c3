import { solvencySchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { memberProof, solvencyView } from './service';

/** The public solvency page and the member's proof (host /api/assets). */
export async function solvencyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;

  // Open to visitors: no preHandler.
  app.get('/solvency', { schema: schemas.solvency }, async (request) => ok(request, await solvencyView(deps.db, deps.config)));

  app.get('/solvency/proof', { preHandler: app.authenticate, schema: schemas.proof }, async (request) =>
    ok(request, await memberProof(deps.db, request.member!.id, request.query.snapshotId)),
  );
}
