import { communitySchemas as schemas } from '@rigshare/api-schema';
import { IMAGE_UPLOAD_LIMIT_BYTES, POST_MAX_IMAGES } from '@rigshare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { fileLinks, readImageForm, type UploadForm } from '../files';
import { addComment, commentsPage, createPost, feedPage, likePost, myPostsPage, postView, type NewPost } from './service';

/** square/add's multipart body: content, videoUrl and up to 9 images of at most 2 MB each, decoded by the one intake. */
const POST_FORM: UploadForm = {
  field: 'images',
  maxFiles: POST_MAX_IMAGES,
  tooMany: () => new AppError(400, 'tooManyImages', { max: POST_MAX_IMAGES }),
  maxBytes: IMAGE_UPLOAD_LIMIT_BYTES,
  tooLarge: 'fileTooLarge',
  fields: ['content', 'videoUrl'],
};

async function readPostForm(request: FastifyRequest): Promise<NewPost> {
  const { fields, images } = await readImageForm(request, POST_FORM);
  return { content: (fields.content ?? '').trim(), videoUrl: (fields.videoUrl ?? '').trim(), images };
}

/** The square, my posts, likes and comments (host /api/comment). */
export async function communityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };
  /** Posting and commenting: refused while staff have frozen the member. */
  const authUnfrozen = { preHandler: [app.authenticate, app.refuseFrozen] };
  const limits = () => deps.config.community;
  /** The member's view of post images: Passed ones public, their own pending or failed ones signed for them. */
  const links = (request: FastifyRequest) => fileLinks(app, request, { member: request.member!.id });

  app.get('/square/list', { ...auth, schema: schemas.squareList }, async (request) =>
    ok(request, await feedPage(deps.db.kysely, request.member!.id, request.query, await links(request))),
  );

  app.get('/square/my', { ...auth, schema: schemas.squareMy }, async (request) =>
    ok(request, await myPostsPage(deps.db.kysely, request.member!.id, request.query, await links(request))),
  );

  app.post('/square/addText', { ...authUnfrozen, schema: schemas.squareAddText }, async (request) => {
    const userId = request.member!.id;
    const id = await createPost(deps.db, deps.storage, userId, { content: request.body.content, videoUrl: request.body.videoUrl, images: [] }, limits(), deps.clock());
    return ok(request, await postView(deps.db.kysely, id, userId, await links(request)), translate(request.locale, 'postSubmitted'));
  });

  app.post('/square/add', { ...authUnfrozen, schema: schemas.squareAdd }, async (request) => {
    const userId = request.member!.id;
    const id = await createPost(deps.db, deps.storage, userId, await readPostForm(request), limits(), deps.clock());
    return ok(request, await postView(deps.db.kysely, id, userId, await links(request)), translate(request.locale, 'postSubmitted'));
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
