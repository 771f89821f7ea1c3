/**
 * Every call of the messages remote, as RTK Query endpoints injected into the page's one server API
 * (libs/api-client): the member's messages, and news and notices. The unread count lives there too (the shell's badges read it); marking a message
 * read invalidates 'Messages', so the list and every badge reload by themselves.
 */
import type { Feedback, NewsItem, NewsKind, PopupNotice, PushMessage } from '@rigshare/api-schema';
import { ApiError, pagedListOptions, postMultipart, serverApi, type ServerError } from '@rigshare/api-client';
import { DEFAULT_PAGE_SIZE, type Page } from '@rigshare/domain';

/** The member's own messages (not news or banners): what a `messages` live event makes stale. */
export const MESSAGE_LIST_TAG = { type: 'Messages', id: 'push' } as const;

export const messagesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    messagePage: build.infiniteQuery<Page<PushMessage>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'push', path: 'record', params: { pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE } }),
      providesTags: [MESSAGE_LIST_TAG],
    }),
    /** One message read (id), or all (undefined); answers the unread count after. */
    markRead: build.mutation<number, number | undefined>({
      query: (id) => ({ host: 'push', path: 'record/update', method: 'POST', body: id === undefined ? {} : { id }, announce: id === undefined }),
      transformResponse: (data: { count: number }) => data.count,
      invalidatesTags: ['Messages'],
    }),
    /** Published news (kind news) or notices, newest first; staff publish from the command line. */
    newsPage: build.infiniteQuery<Page<NewsItem>, NewsKind, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: kind, pageParam }) => ({ host: 'push', path: 'news/list', params: { kind, pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE } }),
    }),
    /** The member's feedback, newest first, with staff's replies. */
    feedbackPage: build.infiniteQuery<Page<Feedback>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'push', path: 'feedback/list', params: { pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE } }),
      providesTags: ['Messages'],
    }),
    /** Multipart (the optional image streams to the server); a refusal comes back for the form to show on its field. */
    sendFeedback: build.mutation<Feedback, FeedbackInput>({
      async queryFn(input) {
        const form = new FormData();
        form.append('content', input.content);
        form.append('phone', input.phone);
        if (input.file) form.append('file', input.file, input.file.name);
        try {
          return { data: (await postMultipart<Feedback>('push', 'feedback/create', form, { quiet: true })).data };
        } catch (error) {
          const refusal: ServerError =
            error instanceof ApiError ? { code: error.code, message: error.message, data: error.data } : { code: 0, message: error instanceof Error ? error.message : String(error), data: null };
          return { error: refusal };
        }
      },
      invalidatesTags: ['Messages'],
    }),
    /** The home page's pop-up notices (every published one, seen or not) and scrolling notices (published content, host user), read in full on /index/alert. */
    popupNotices: build.query<PopupNotice[], void>({ query: () => ({ host: 'user', path: 'sys/queryPopUpRwList' }) }),
    scrollNotices: build.query<string[], void>({ query: () => ({ host: 'user', path: 'sys/scroll-notice' }) }),
    newsItem: build.query<NewsItem, number>({
      query: (id) => ({ host: 'push', path: 'config/queryNews', params: { id } }),
    }),
  }),
});

export interface FeedbackInput {
  content: string;
  phone: string;
  file: File | null;
}

export const { useMessagePageInfiniteQuery, useMarkReadMutation, useNewsPageInfiniteQuery, useNewsItemQuery, useFeedbackPageInfiniteQuery, useSendFeedbackMutation, usePopupNoticesQuery, useScrollNoticesQuery } = messagesApi;
