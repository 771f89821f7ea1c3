import { systemSchemas as schemas } from '@rigshare/api-schema';
import { APP_VERSION, APP_VERSION_CODE } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { inSentence, translate } from '../../i18n';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { siteLink } from '../../settings/site-links';

/** App version, service link, about, links (host /api/user); banners and notices are the messages feature's. */
export async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { config } = app.deps;
  const db = app.deps.db.kysely;

  app.get('/appUrl/info', { schema: schemas.appUrl }, async (request) => ok(request, { appUrl: (await siteLink(db, 'serviceLink', config.serviceLink)) || null }));

  app.get('/app/version/update', { schema: schemas.appVersion }, async (request) => {
    const code = request.query.code;
    const newer = await db
      .selectFrom('app_versions')
      .select(['version', 'down_url', 'extra', 'compulsory'])
      .where('platform', '=', request.query.platform.toUpperCase())
      .where('code', '>', code)
      .orderBy('code', 'desc')
      .executeTakeFirst();
    return ok(
      request,
      newer ? { version: newer.version, downUrl: newer.down_url, extra: newer.extra, compulsory: newer.compulsory === 1 } : null,
    );
  });

  app.get('/sys/info', { schema: schemas.sysInfo }, async (request) =>
    ok(request, {
      operatorName: config.operatorName,
      about: translate(request.locale, 'about', { operator: inSentence(config.operatorName) }),
      version: APP_VERSION,
      versionCode: APP_VERSION_CODE,
    }),
  );

  app.get('/link/get', { schema: schemas.links }, async (request) => ok(request, config.links));
}
