import { systemSchemas, type Health } from '@rigshare/api-schema';
import type { Envelope } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { translate } from '../../i18n';

const DATABASE_CHECK_MS = 2000;

/**
 * GET /health for load balancers and operators. 200 while this process can serve members (its database
 * answers); 503 when it cannot. Redis down is reported but stays 200: the API still serves, with
 * per-process rate limits, and taking every instance out because the shared Redis is down would turn
 * a degradation into an outage.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.db.kysely;
  app.get('/health', { schema: systemSchemas.processHealth }, async (request, reply) => {
    const database = await Promise.race([
      sql`select 1`.execute(db).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), DATABASE_CHECK_MS).unref()),
    ]);
    const health: Health = { alive: true, database, redis: app.redisState() };
    const status = database === 'up' ? 200 : 503;
    const body: Envelope<Health> = { code: status, msg: translate(request.locale, status === 200 ? 'ok' : 'serviceUnavailable'), data: health };
    return reply.status(status).send(body);
  });
}
