import { systemSchemas as schemas } from '@rigshare/api-schema';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@rigshare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { readFile, storeImage } from './service';
import { STATIC_IMAGES } from './static-images';

const LIMIT_TEXT = `${IMAGE_UPLOAD_LIMIT_BYTES / 1024 / 1024} MB`;

/**
 * A multipart body that cannot be read is the client's fault: too large is 413, a body cut short or
 * malformed (the parser's own errors carry no status) is 400, never a 500.
 */
function multipartRefusal(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'fileTooLarge', { limit: LIMIT_TEXT });
  if (statusCode && statusCode >= 400 && statusCode < 500) return error;
  return new AppError(400, 'badRequest');
}

export function publicBase(app: FastifyInstance, request: FastifyRequest): string {
  return app.deps.config.publicUrl || `${request.protocol}://${request.host}`;
}

/** Avatar upload, stored files and the server's own SVG artwork (host /api/user). */
export async function fileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;

  app.post('/user/modify-head', { preHandler: app.authenticate, schema: schemas.modifyHead }, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, 'unsupportedImage');
    let bytes: Buffer;
    try {
      const part = await request.file({ limits: { fileSize: IMAGE_UPLOAD_LIMIT_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'avatar') throw new AppError(400, 'fileRequired');
      bytes = await part.toBuffer();
    } catch (error) {
      throw multipartRefusal(error);
    }
    if (bytes.length === 0) throw new AppError(400, 'fileRequired');
    const id = await storeImage(deps.db.kysely, deps.storage, request.member!.id, bytes, deps.clock());
    const headUrl = `${publicBase(app, request)}/api/user/files/${id}`;
    await deps.db.kysely.updateTable('users').set({ head_url: headUrl }).where('id', '=', request.member!.id).execute();
    // The member's next /user/info shows it, on every instance (features/accounts/profile-cache.ts).
    await deps.profileCache.changed({ memberId: request.member!.id });
    return ok(request, { headUrl });
  });

  app.get('/files/:id', { schema: schemas.file }, async (request, reply) => {
    const file = await readFile(deps.db.kysely, deps.storage, request.params.id);
    if (!file) throw new AppError(404, 'notFound');
    return reply
      .header('Content-Type', file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      // A stream from the storage (or a legacy row's bytes); the route's schema types only buffers.
      .send(file.body as Buffer);
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
