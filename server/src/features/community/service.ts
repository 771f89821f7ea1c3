import type { FeedPage, FeedQuery, SquareComment, SquarePost } from '@rigshare/api-schema';
import {
  COMMENT_CONTENT_MAX,
  commentContentProblem,
  POST_CONTENT_MAX,
  POST_MAX_IMAGES,
  POST_STATUS,
  postContentProblem,
  videoUrlProblem,
  visibleText,
  type Page,
  type StaffMarkRole,
} from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { sanitizeRichText } from '../../content/rich-text';
import { countRows as count, onePage, type Paging } from '../../db/paging';
import { AppError } from '../../errors';
import type { FileStorage } from '../../storage/file-storage';
import { storingImages, type DecodedImage, type FileLinks } from '../files';
import { recordMemberEvent, recordQueueChange } from '../../events';

/**
 * Community posts, likes and comments. A post's content is stored as the sanitiser leaves it (the
 * allow-list of libs/domain, content/rich-text.ts) and rendered through the browser's sanitiser again.
 * Comments are plain text. A new post is Pending until staff pass or fail it (review.ts); only Passed
 * posts are in the feed, can be liked or commented.
 */

export interface CommunityLimits {
  /** Posts a member may send per rolling hour (COMMUNITY_POSTS_PER_HOUR). */
  postsPerHour: number;
  /** Comments and replies per rolling hour (COMMUNITY_COMMENTS_PER_HOUR). */
  commentsPerHour: number;
}

export interface NewPost {
  content: string;
  videoUrl: string;
  /** Decoded by the one intake (files/upload-form.ts). */
  images: DecodedImage[];
}

const HOUR_MS = 3_600_000;

function postQuery(k: Kysely<Database>) {
  return k
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'p.content',
      'p.video_url',
      'p.status',
      'p.fail_reason',
      'p.staff_role',
      'p.like_count',
      'p.comment_count',
      'p.created_at',
      'u.name',
      'u.head_url',
    ]);
}
type PostRow = NonNullable<Awaited<ReturnType<ReturnType<typeof postQuery>['executeTakeFirst']>>>;

/** Each post's image file ids, in the order sent (posts without images are absent). */
export async function postImageIds(k: Kysely<Database>, postIds: number[]): Promise<Map<number, string[]>> {
  const byPost = new Map<number, string[]>();
  if (postIds.length === 0) return byPost;
  const rows = await k.selectFrom('post_images').select(['post_id', 'file_id']).where('post_id', 'in', postIds).orderBy('post_id').orderBy('position').execute();
  for (const row of rows) byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), row.file_id]);
  return byPost;
}

/**
 * The rows as the member sees them: images in order and whether the viewer liked each. A Passed post's
 * images are public; the viewer's own pending or failed post's images are links signed for them.
 */
async function postViews(k: Kysely<Database>, rows: PostRow[], viewerId: number, links: FileLinks): Promise<SquarePost[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const images = await postImageIds(k, ids);
  const liked = new Set(
    (await k.selectFrom('post_likes').select('post_id').where('user_id', '=', viewerId).where('post_id', 'in', ids).execute()).map((r) => r.post_id),
  );
  return rows.map((r) => ({
    id: r.id,
    headUrl: r.head_url,
    username: r.name,
    content: r.content,
    createTime: r.created_at,
    urls: (images.get(r.id) ?? []).map((fileId) => (Number(r.status) === POST_STATUS.passed ? links.open(fileId) : links.signed(fileId))),
    videoUrl: r.video_url,
    thumbsUpNum: Number(r.like_count),
    commentNum: Number(r.comment_count),
    hasThumbsUp: liked.has(r.id),
    status: Number(r.status) as SquarePost['status'],
    failReason: r.fail_reason,
    postedByStaff: r.staff_role ? { role: r.staff_role as StaffMarkRole } : null,
  }));
}

/** The square: Passed posts, newest first. */
export async function feedPage(k: Kysely<Database>, viewerId: number, query: FeedQuery, links: FileLinks): Promise<FeedPage> {
  const passed = postQuery(k).where('p.status', '=', POST_STATUS.passed).orderBy('p.id', 'desc');
  // Keyset paging: the (status, id) index walks straight to the cursor, however deep the page.
  const afterCursor = (cursor: number) => (cursor > 0 ? passed.where('p.id', '<', cursor) : passed).limit(query.pageSize);
  const found = await (query.cursor === undefined ? onePage(passed, query) : afterCursor(query.cursor)).execute();
  const list = await postViews(k, found, viewerId, links);
  const nextCursor = found.length === query.pageSize ? found[found.length - 1].id : null;
  if (query.cursor !== undefined) return { list, nextCursor };
  // Counting every Passed post is most of a page's cost at size (docs/performance.md): only for pageNum paging.
  const total = await count(k.selectFrom('posts').where('status', '=', POST_STATUS.passed));
  return { total, list, nextCursor };
}

/** Every post the member wrote (or staff wrote for them, marked), in any review state, newest first. */
export async function myPostsPage(k: Kysely<Database>, userId: number, paging: Paging, links: FileLinks): Promise<Page<SquarePost>> {
  const total = await count(k.selectFrom('posts').where('user_id', '=', userId));
  const rows = await onePage(postQuery(k).where('p.user_id', '=', userId).orderBy('p.id', 'desc'), paging).execute();
  return { total, list: await postViews(k, rows, userId, links) };
}

export async function postView(k: Kysely<Database>, postId: number, viewerId: number, links: FileLinks): Promise<SquarePost> {
  const row = await postQuery(k).where('p.id', '=', postId).executeTakeFirstOrThrow();
  return (await postViews(k, [row], viewerId, links))[0];
}

/** Takes the member's row lock on PostgreSQL so that two requests of one member count their hourly limit one after the other. */
async function lockMember(db: Db, trx: Kysely<Database>, userId: number): Promise<void> {
  if (db.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The rules every new post meets, whoever sends it; throws the member's error. */
export function checkPost(input: { content: string; videoUrl: string; imageCount: number }): void {
  const contentProblem = postContentProblem(input.content);
  if (contentProblem) throw new AppError(400, contentProblem, { max: POST_CONTENT_MAX });
  const videoProblem = videoUrlProblem(input.videoUrl);
  if (videoProblem) throw new AppError(400, videoProblem);
  if (input.imageCount > POST_MAX_IMAGES) throw new AppError(400, 'tooManyImages', { max: POST_MAX_IMAGES });
}

/**
 * A post's content as it is stored: sanitised with the allow-list (content/rich-text.ts). Content that
 * was nothing but what the allow-list drops (`<img src=x onerror=...>`, a script) has nothing left to
 * show and is refused as empty, as a blank post is.
 */
export async function storedPostContent(content: string): Promise<string> {
  const clean = await sanitizeRichText(content);
  if (!visibleText(clean)) throw new AppError(400, 'postContentRequired', { max: POST_CONTENT_MAX });
  return clean;
}

/**
 * A member's new post, Pending review. Content and link are checked, and the content sanitised, before
 * anything is written (the images arrive decoded); the hourly limit is counted in the same transaction
 * as the insert, and a refusal there leaves no image behind (storingImages).
 */
export async function createPost(db: Db, storage: FileStorage, userId: number, input: NewPost, limits: CommunityLimits, now: Date): Promise<number> {
  checkPost({ content: input.content, videoUrl: input.videoUrl, imageCount: input.images.length });
  const content = await storedPostContent(input.content);
  return storingImages(storage, { ownerId: userId, purpose: 'post', at: now }, (store) => db.kysely.transaction().execute(async (trx) => {
    await lockMember(db, trx, userId);
    const recent = await count(
      trx
        .selectFrom('posts')
        .where('user_id', '=', userId)
        .where('staff_author', 'is', null)
        .where('created_at', '>', new Date(now.getTime() - HOUR_MS).toISOString()),
    );
    if (recent >= limits.postsPerHour) throw new AppError(429, 'postHourlyLimit', { max: limits.postsPerHour });
    const post = await trx
      .insertInto('posts')
      .values({ user_id: userId, content, video_url: input.videoUrl || null, status: POST_STATUS.pending, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    let position = 0;
    for (const image of input.images) {
      const fileId = await store(trx, image);
      await trx.insertInto('post_images').values({ post_id: post.id, file_id: fileId, position: position++ }).execute();
    }
    await recordQueueChange(trx, { queue: 'posts', id: post.id, change: 'added' }, now);
    return post.id;
  }));
}

async function passedPost(k: Kysely<Database>, postId: number): Promise<void> {
  const post = await k.selectFrom('posts').select(['id', 'status']).where('id', '=', postId).executeTakeFirst();
  if (!post || Number(post.status) !== POST_STATUS.passed) throw new AppError(404, 'postNotFound');
}

/**
 * Likes a Passed post once: the unique (post_id, user_id) row decides, so a repeated or concurrent
 * like inserts nothing and the count rises once. There is no unlike.
 */
export async function likePost(db: Db, userId: number, postId: number, now: Date): Promise<{ thumbsUpNum: number; hasThumbsUp: true }> {
  return db.kysely.transaction().execute(async (trx) => {
    await passedPost(trx, postId);
    const inserted = await trx
      .insertInto('post_likes')
      .values({ post_id: postId, user_id: userId, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await trx.updateTable('posts').set((eb) => ({ like_count: eb('like_count', '+', 1) })).where('id', '=', postId).execute();
    }
    const row = await trx.selectFrom('posts').select('like_count').where('id', '=', postId).executeTakeFirstOrThrow();
    return { thumbsUpNum: Number(row.like_count), hasThumbsUp: true as const };
  });
}

function commentQuery(k: Kysely<Database>) {
  return k
    .selectFrom('post_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as t', 't.id', 'c.reply_to_user_id')
    .select(['c.id', 'c.content', 'c.created_at', 'u.name', 'u.head_url', 't.name as to_name']);
}
type CommentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof commentQuery>['executeTakeFirst']>>>;

const commentView = (r: CommentRow): SquareComment => ({
  id: r.id,
  username: r.name,
  headUrl: r.head_url,
  toUserName: r.to_name ?? null,
  content: r.content,
  createTime: r.created_at,
});

/** A Passed post's comments, oldest first. */
export async function commentsPage(k: Kysely<Database>, postId: number, paging: Paging): Promise<Page<SquareComment>> {
  await passedPost(k, postId);
  const total = await count(k.selectFrom('post_comments').where('post_id', '=', postId));
  const rows = await onePage(commentQuery(k).where('c.post_id', '=', postId).orderBy('c.id', 'asc'), paging).execute();
  return { total, list: rows.map(commentView) };
}

/** A comment on a Passed post, or a reply to one of its comments ("to <name>"), within the hourly limit. */
export async function addComment(
  db: Db,
  userId: number,
  input: { postId: number; commentId?: number; content: string },
  limits: CommunityLimits,
  now: Date,
): Promise<SquareComment> {
  const problem = commentContentProblem(input.content);
  if (problem) throw new AppError(400, problem, { max: COMMENT_CONTENT_MAX });
  return db.kysely.transaction().execute(async (trx) => {
    await passedPost(trx, input.postId);
    let replyToUser: number | null = null;
    if (input.commentId !== undefined) {
      const target = await trx
        .selectFrom('post_comments')
        .select('user_id')
        .where('id', '=', input.commentId)
        .where('post_id', '=', input.postId)
        .executeTakeFirst();
      if (!target) throw new AppError(404, 'commentNotFound');
      replyToUser = target.user_id;
    }
    await lockMember(db, trx, userId);
    const recent = await count(
      trx.selectFrom('post_comments').where('user_id', '=', userId).where('created_at', '>', new Date(now.getTime() - HOUR_MS).toISOString()),
    );
    if (recent >= limits.commentsPerHour) throw new AppError(429, 'commentHourlyLimit', { max: limits.commentsPerHour });
    const row = await trx
      .insertInto('post_comments')
      .values({
        post_id: input.postId,
        user_id: userId,
        reply_to_comment_id: input.commentId ?? null,
        reply_to_user_id: replyToUser,
        content: input.content,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('posts').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', input.postId).execute();
    // The post's author (and whoever is replied to) sees the new comment; never for one's own words.
    const author = await trx.selectFrom('posts').select('user_id').where('id', '=', input.postId).executeTakeFirstOrThrow();
    for (const told of new Set([author.user_id, replyToUser])) {
      if (told !== null && told !== userId) await recordMemberEvent(trx, told, 'comment', { postId: input.postId }, now);
    }
    return commentView(await commentQuery(trx).where('c.id', '=', row.id).executeTakeFirstOrThrow());
  });
}
