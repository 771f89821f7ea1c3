/** Community: the square feed, my posts, likes and comments (host /api/comment). */
import { COMMENT_CONTENT_MAX, COMMENT_PAGE_SIZE, POST_CONTENT_MAX, VIDEO_URL_MAX } from '@rigshare/domain';
import { AUTH, Cursor, errors, Id, MESSAGE, Nullable, Ok, Page, Paged, PagingQuery, Text, Time, Type, type Static } from './common';

const community = ['Community'];

export const StaffMark = Type.Object(
  { role: Type.Union([Type.Literal('manager'), Type.Literal('guide_manager'), Type.Literal('content'), Type.Literal('admin')]) },
  { description: 'Present when staff posted on the member\'s behalf: the app shows "posted by staff" and the role.' },
);

export const SquarePost = Type.Object({
  id: Type.Integer(),
  headUrl: Nullable(Type.String()),
  username: Type.String(),
  content: Type.String({ description: 'Rich text exactly as the member sent it: render only through the sanitiser.' }),
  createTime: Time(),
  urls: Type.Array(Type.String(), {
    maxItems: 9,
    description: "Image URLs, in the order sent: public once the post is Passed; before that (square/my, square/add) links signed for its author, valid one to two hours.",
  }),
  videoUrl: Nullable(Type.String()),
  thumbsUpNum: Type.Integer({ minimum: 0 }),
  commentNum: Type.Integer({ minimum: 0 }),
  hasThumbsUp: Type.Boolean(),
  status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { description: '0 Pending review, 1 Passed, 2 Failed.' }),
  failReason: Nullable(Type.String({ description: "The reviewer's reason when Failed." })),
  postedByStaff: Nullable(StaffMark),
});
export type SquarePost = Static<typeof SquarePost>;

export const SquareComment = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  headUrl: Nullable(Type.String()),
  toUserName: Nullable(Type.String({ description: 'The author of the comment this one replies to.' })),
  content: Type.String({ description: 'Plain text.' }),
  createTime: Time(),
});
export type SquareComment = Static<typeof SquareComment>;

const PostText = Type.Object({
  // The edge allows more than the rule so the service refuses an over-long post with the limit in its message.
  content: Text(POST_CONTENT_MAX * 4, { description: `Rich text (HTML), stored as given; at most ${POST_CONTENT_MAX} characters.` }),
  videoUrl: Text(VIDEO_URL_MAX, { [MESSAGE]: 'videoUrlInvalid', description: 'Optional http(s) link to a video.' }),
});
export type SquareAddTextBody = Static<typeof PostText>;

/**
 * The square's pages are keyset-paged: `cursor=0` asks for the first page, then `cursor` is the
 * `nextCursor` of the page before (the id of its last post), so the 1,000th page costs what the first
 * does. Without a cursor, `pageNum` still pages by offset (older clients) and the page carries the
 * `total`, whose count costs more than the page at a million posts; with a cursor there is no total.
 */
export const FeedQuery = Paged({
  cursor: Type.Optional(Cursor({ description: "0 for the first page, then the previous page's nextCursor; pageNum is ignored when it is given." })),
});
export type FeedQuery = Static<typeof FeedQuery>;
export const FeedPage = Type.Object({
  total: Type.Optional(Type.Integer({ minimum: 0, description: 'Passed posts in all; only on a page asked for without a cursor.' })),
  list: Type.Array(SquarePost),
  nextCursor: Nullable(Type.Integer({ minimum: 1, description: 'The cursor of the next page; null on the last page.' })),
});
export type FeedPage = Static<typeof FeedPage>;

const Like = Type.Object({ thumbsUpNum: Type.Integer({ minimum: 0 }), hasThumbsUp: Type.Literal(true) });

export const communitySchemas = {
  squareList: {
    tags: community,
    summary: 'The square: Passed posts, newest first (keyset-paged by cursor)',
    querystring: FeedQuery,
    response: { 200: Ok(FeedPage), ...errors(...AUTH) },
  },
  squareMy: {
    tags: community,
    summary: "The member's own posts with their review state",
    querystring: PagingQuery,
    response: { 200: Ok(Page(SquarePost)), ...errors(...AUTH) },
  },
  squareAddText: {
    tags: community,
    summary: 'Send a post without images; it waits for review (Pending)',
    body: PostText,
    response: { 200: Ok(SquarePost, 'Localized "waiting for review".'), ...errors(401, 403) },
  },
  squareAdd: {
    tags: community,
    summary: 'Send a post with images (multipart: fields content, videoUrl; parts "images", each a PNG, JPEG, WebP or GIF of at most 2 MB and 16 megapixels, at most 9)',
    consumes: ['multipart/form-data'],
    response: { 200: Ok(SquarePost, 'Localized "waiting for review".'), ...errors(401, 403, 413, 415) },
  },
  thumbsUp: {
    tags: community,
    summary: 'Like a Passed post, once per member (no unlike); liking again changes nothing',
    body: Type.Object({ squareId: Id() }),
    response: { 200: Ok(Like), ...errors(401, 404) },
  },
  commentList: {
    tags: community,
    summary: "A Passed post's comments, oldest first, 5 a page",
    querystring: Paged({ squareId: Id() }, { pageSize: COMMENT_PAGE_SIZE }),
    response: { 200: Ok(Page(SquareComment)), ...errors(401, 404) },
  },
  commentText: {
    tags: community,
    summary: 'Comment on a Passed post, or reply to one of its comments (commentId)',
    body: Type.Object({
      squareId: Id(),
      commentId: Type.Optional(Id()),
      content: Text(COMMENT_CONTENT_MAX * 4, { description: `Plain text, at most ${COMMENT_CONTENT_MAX} characters.` }),
    }),
    response: { 200: Ok(SquareComment, 'Localized "Comment sent" (shown as a toast).'), ...errors(401, 403, 404) },
  },
};
