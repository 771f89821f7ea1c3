import { adminSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { freezeMember, unfreezeMember } from '../accounts';
import { routeOf } from './guard';
import { memberDetail, searchMembers } from './members';
import { actedNow, refusing } from './route-kit';

/** /admin/members: find a member, read what they hold and did, freeze and unfreeze them (the CLI's member:* commands share the services). */
export function memberRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const { deps } = app;

  app.get(routeOf('members').url, { config: routeOf('members').config, schema: schemas.members }, async (request) => ok(request, await searchMembers(deps, request.query)));

  app.get(routeOf('member').url, { config: routeOf('member').config, schema: schemas.member }, async (request) =>
    ok(request, await refusing(() => memberDetail(deps, request.params.id))),
  );

  app.post(routeOf('memberFreeze').url, { config: routeOf('memberFreeze').config, schema: schemas.memberFreeze }, async (request) =>
    ok(request, await refusing(() => freezeMember(deps.db.kysely, { memberId: request.params.id, reason: request.body.reason, ...actedNow(request) }))),
  );

  app.post(routeOf('memberUnfreeze').url, { config: routeOf('memberUnfreeze').config, schema: schemas.memberUnfreeze }, async (request) =>
    ok(request, await refusing(() => unfreezeMember(deps.db.kysely, { memberId: request.params.id, reason: request.body.reason, ...actedNow(request) }))),
  );
}
