import { communitySchemas as schemas } from '@rigshare/api-schema';
import { IMAGE_UPLOAD_LIMIT_BYTES, POST_MAX_IMAGES } from '@rigshare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { publicBase } from '../files';
import { addComment, commentsPage, createPost, feedPage, likePost, myPostsPage, postView, type NewPost } from './service';

const LIMIT_TEXT = `${IMAGE_UPLOAD_LIMIT_BYTES / 1024 / 1024} MB`;

/** Reads square/add's multipart body: the text fields and up to 9 images of at most 2 MB each. */
async function readPostForm(request: FastifyRequest): Promise<NewPost> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupportedMediaType');
  const post: NewPost = { content: '', videoUrl: '', images: [] };
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_UPLOAD_LIMIT_BYTES, files: POST_MAX_IMAGES, fields: 4 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'images') continue;
        if (bytes.length > 0) post.images.push(bytes);
      } else if (part.fieldname === 'content' || part.fieldname === 'videoUrl') {
        post[part.fieldname] = String(part.value ?? '').trim();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'fileTooLarge', { limit: LIMIT_TEXT });
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, 'tooManyImages', { max: POST_MAX_IMAGES });
    if (statusCode && statusCode >= 400 && statusCode < 500) throw error;
    throw new AppError(400, 'badRequest');
  }
  return post;
}

/** The square, my posts, likes and comments (host /api/comment). */
export async function communityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };
  /** Posting and commenting: refused while staff have frozen the member. */
  const authUnfrozen = { preHandler: [app.authenticate, app.refuseFrozen] };
  const limits = () => deps.config.community;
  const base = (request: FastifyRequest) => publicBase(app, request);

  app.get('/square/list', { ...auth, schema: schemas.squareList }, async (request) =>
    ok(request, await feedPage(deps.db.kysely, request.member!.id, request.query, base(request))),
  );

  app.get('/square/my', { ...auth, schema: schemas.squareMy }, async (request) =>
    ok(request, await myPostsPage(deps.db.kysely, request.member!.id, request.query, base(request))),
  );

  app.post('/square/addText', { ...authUnfrozen, schema: schemas.squareAddText }, async (request) => {
    const userId = request.member!.id;
    const id = await createPost(deps.db, deps.storage, userId, { content: request.body.content, videoUrl: request.body.videoUrl, images: [] }, limits(), deps.clock());
    return ok(request, await postView(deps.db.kysely, id, userId, base(request)), translate(request.locale, 'postSubmitted'));
  });

  app.post('/square/add', { ...authUnfrozen, schema: schemas.squareAdd }, async (request) => {
    const userId = request.member!.id;
    const id = await createPost(deps.db, deps.storage, userId, await readPostForm(request), limits(), deps.clock());
    return ok(request, await postView(deps.db.kysely, id, userId, base(request)), translate(request.locale, 'postSubmitted'));
  });

  app.post('/thumbsUp/square', { ...auth, schema: schemas.thumbsUp }, async (request) =>
    ok(request, await likePost(deps.db, request.member!.id, request.body.squareId, deps.clock())),
  );

  app.get('/comment/list', { ...auth, schema: schemas.commentList }, async (request) => {
    const { squareId, pageNum, pageSize } = request.query;
    return ok(request, await commentsPage(deps.db.kysely, squareId, { pageNum, pageSize }));
  });

  app.post('/comment/text', { ...authUnfrozen, schema: schemas.commentText }, async (request) => {
    const { squareId, commentId, content } = request.body;
    const comment = await addComment(deps.db, request.member!.id, { postId: squareId, commentId, content }, limits(), deps.clock());
    return ok(request, comment, translate(request.locale, 'commentSent'));
  });
}
