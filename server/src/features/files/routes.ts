import { systemSchemas as schemas } from '@rigshare/api-schema';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { fileLinks, linkAdmits } from './access';
import { findFile, storingImages } from './service';
import { STATIC_IMAGES } from './static-images';
import { readImageForm } from './upload-form';

/**
 * What a file response may do in a browser that opens it: nothing. No script, style, frame or fetch,
 * sandboxed if it is opened as a page, and never framed by another site.
 */
export const FILE_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** Avatar upload, stored files and the server's own SVG artwork (host /api/user). */
export async function fileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;

  app.post('/user/modify-head', { preHandler: app.authenticate, schema: schemas.modifyHead }, async (request) => {
    const memberId = request.member!.id;
    const form = await readImageForm(request, { field: 'avatar', maxFiles: 1, maxBytes: IMAGE_UPLOAD_LIMIT_BYTES, tooLarge: 'fileTooLarge' });
    const [image] = form.images;
    if (!image) throw new AppError(400, 'fileRequired');
    const links = await fileLinks(app, request, { member: memberId });
    const headUrl = await storingImages(deps.storage, { ownerId: memberId, purpose: 'avatar', at: deps.clock() }, (store) =>
      deps.db.kysely.transaction().execute(async (trx) => {
        const url = links.open(await store(trx, image));
        await trx.updateTable('users').set({ head_url: url }).where('id', '=', memberId).execute();
        return url;
      }),
    );
    // The member's next /user/info shows it, on every instance (caches/profile-cache.ts).
    await deps.profileCache.changed({ memberId });
    return ok(request, { headUrl });
  });

  app.get('/files/:id', { schema: schemas.file }, async (request, reply) => {
    const { id } = request.params;
    const file = await findFile(deps.db.kysely, deps.storage, id);
    // A private file without a valid link answers like a missing one: its id tells nothing.
    if (!file || (!file.isPublic && !(await linkAdmits(deps, id, file.ownerId, request.query)))) throw new AppError(404, 'notFound');
    const body = await file.open();
    if (!body) throw new AppError(404, 'notFound');
    return (
      reply
        .header('Content-Type', file.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', FILE_CSP)
        // Public files never change under their id; a private one is for one viewer and kept by nobody.
        .header('Cache-Control', file.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store')
        // A stream from the storage (or a legacy row's bytes); the route's schema types only buffers.
        .send(body as Buffer)
    );
  });

  app.get('/static/:name', { schema: schemas.staticImage }, async (request, reply) => {
    const svg = STATIC_IMAGES[request.params.name.replace(/\.svg$/, '')];
    if (!svg) throw new AppError(404, 'notFound');
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('Cache-Control', 'public, max-age=86400')
      .send(svg);
  });
}
