/**
 * Every call of the community remote, as RTK Query endpoints injected into the page's one server
 * API (libs/api-client), host `comment`. Sending a post marks the member's posts stale; a like
 * updates the cards in place; a comment reloads that post's comments and the feed's counts.
 */
import { ApiError, pagedListOptions, post, postMultipart, serverApi, type ServerError } from '@rigshare/api-client';
import type { FeedPage, SquareComment, SquarePost } from '@rigshare/api-schema';
import { COMMENT_PAGE_SIZE, FEED_PAGE_SIZE, type Page } from '@rigshare/domain';
import { store } from '@rigshare/session';

export type { SquareComment, SquarePost };

export interface NewPostInput {
  /** Rich text (HTML). */
  content: string;
  videoUrl: string;
  images: File[];
}

export interface CommentInput {
  squareId: number;
  commentId?: number;
  content: string;
}

const paging = (pageNum: number) => ({ pageNum, pageSize: FEED_PAGE_SIZE });

export const communityApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** Keyset-paged: each page asks for the posts older than the last one it has (0 = the first page). */
    feed: build.infiniteQuery<FeedPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: (last: FeedPage) => last.nextCursor ?? undefined },
      query: ({ pageParam }) => ({
        host: 'comment',
        path: 'square/list',
        params: { cursor: pageParam, pageSize: FEED_PAGE_SIZE },
      }),
      providesTags: [{ type: 'Posts', id: 'feed' }],
    }),
    myPosts: build.infiniteQuery<Page<SquarePost>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'comment', path: 'square/my', params: paging(pageParam) }),
      providesTags: [{ type: 'Posts', id: 'mine' }],
    }),
    comments: build.infiniteQuery<Page<SquareComment>, number, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: squareId, pageParam }) => ({ host: 'comment', path: 'comment/list', params: { squareId, pageNum: pageParam, pageSize: COMMENT_PAGE_SIZE } }),
      providesTags: (_result, _error, squareId) => [{ type: 'Posts', id: `comments-${squareId}` }],
    }),
    /** Without images the post goes form-encoded (square/addText), with images as multipart (square/add). */
    addPost: build.mutation<{ post: SquarePost; message: string }, NewPostInput>({
      async queryFn(input) {
        try {
          let body;
          if (input.images.length === 0) {
            body = await post<SquarePost>('comment', 'square/addText', { content: input.content, videoUrl: input.videoUrl }, { quiet: true });
          } else {
            const form = new FormData();
            form.append('content', input.content);
            form.append('videoUrl', input.videoUrl);
            for (const image of input.images) form.append('images', image, image.name);
            body = await postMultipart<SquarePost>('comment', 'square/add', form, { quiet: true });
          }
          return { data: { post: body.data, message: body.msg } };
        } catch (error) {
          const failure: ServerError =
            error instanceof ApiError ? { code: error.code, message: error.message, data: error.data } : { code: 0, message: error instanceof Error ? error.message : String(error), data: null };
          return { error: failure };
        }
      },
      invalidatesTags: [{ type: 'Posts', id: 'mine' }],
    }),
    like: build.mutation<{ thumbsUpNum: number; hasThumbsUp: true }, number>({
      query: (squareId) => ({ host: 'comment', path: 'thumbsUp/square', method: 'POST', body: { squareId } }),
      async onQueryStarted(squareId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          communityApi.util.updateQueryData('feed', undefined, (draft) => {
            for (const page of draft.pages) for (const post of page.list) if (post.id === squareId) Object.assign(post, data);
          }),
        );
      },
    }),
    comment: build.mutation<{ comment: SquareComment; message: string }, CommentInput>({
      query: ({ squareId, commentId, content }) => ({ host: 'comment', path: 'comment/text', method: 'POST', body: { squareId, commentId, content } }),
      transformResponse: (comment: SquareComment, meta) => ({ comment, message: meta?.msg ?? '' }),
      invalidatesTags: (_result, _error, { squareId }) => [{ type: 'Posts', id: `comments-${squareId}` }],
      async onQueryStarted({ squareId }, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(
          communityApi.util.updateQueryData('feed', undefined, (draft) => {
            for (const page of draft.pages) for (const post of page.list) if (post.id === squareId) post.commentNum += 1;
          }),
        );
      },
    }),
  }),
});

export const { useFeedInfiniteQuery, useMyPostsInfiniteQuery, useCommentsInfiniteQuery, useAddPostMutation, useLikeMutation, useCommentMutation } = communityApi;

export function errorMessage(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : '';
}

/** The feed's first page, started beside the square's chunk (the route's `prefetch`). */
export function prefetchFeed(): void {
  // What `util.prefetch` does, which RTK Query types for plain queries only.
  void store.dispatch(communityApi.endpoints.feed.initiate(undefined, { subscribe: false }));
}
