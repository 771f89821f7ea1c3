import { systemSchemas as schemas } from '@rigshare/api-schema';
import { APP_VERSION, APP_VERSION_CODE } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { localizedField } from '../../content/seed-content';
import { inSentence, translate } from '../../i18n';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { publicBase } from '../files';

/** App version, service link, banners, notices, about (host /api/user). */
export async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { config } = app.deps;
  const db = app.deps.db.kysely;

  app.get('/appUrl/info', { schema: schemas.appUrl }, async (request) => ok(request, { appUrl: config.serviceLink || null }));

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

  app.get('/sys/carousel', { schema: schemas.carousel }, async (request) => {
    const base = publicBase(app, request);
    const rows = await db
      .selectFrom('carousel')
      .select(['id', 'title', 'subtitle', 'translations', 'image_url', 'link'])
      .where('active', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return ok(
      request,
      rows.map((r) => ({
        id: r.id,
        title: localizedField(r.translations, request.locale, 'title', r.title),
        subtitle: localizedField(r.translations, request.locale, 'subtitle', r.subtitle),
        imageUrl: r.image_url.startsWith('/') ? base + r.image_url : r.image_url,
        link: r.link,
      })),
    );
  });

  app.get('/sys/popup-notice', { schema: schemas.popupNotice }, async (request) => {
    const notice = await db
      .selectFrom('notices')
      .select(['id', 'title', 'content', 'translations'])
      .where('kind', '=', 'popup')
      .where('active', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return ok(
      request,
      notice
        ? {
            id: notice.id,
            title: localizedField(notice.translations, request.locale, 'title', notice.title),
            content: localizedField(notice.translations, request.locale, 'content', notice.content),
          }
        : null,
    );
  });

  app.get('/sys/scroll-notice', { schema: schemas.scrollNotice }, async (request) => {
    const rows = await db
      .selectFrom('notices')
      .select(['content', 'translations'])
      .where('kind', '=', 'scroll')
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    return ok(
      request,
      rows.map((r) => localizedField(r.translations, request.locale, 'content', r.content)),
    );
  });

  app.get('/link/get', { schema: schemas.links }, async (request) => ok(request, config.links));
}
