/**
 * Every call of the messages remote, as RTK Query endpoints injected into the page's one server API
 * (libs/api-client): the member's messages, and news and notices. The unread count lives there too (the shell's badges read it); marking a message
 * read invalidates 'Messages', so the list and every badge reload by themselves.
 */
import type { NewsItem, NewsKind, PushMessage } from '@rigshare/api-schema';
import { pagedListOptions, serverApi } from '@rigshare/api-client';
import { DEFAULT_PAGE_SIZE, type Page } from '@rigshare/domain';

export const messagesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    messagePage: build.infiniteQuery<Page<PushMessage>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'push', path: 'record', params: { pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE } }),
      providesTags: ['Messages'],
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
    newsItem: build.query<NewsItem, number>({
      query: (id) => ({ host: 'push', path: 'config/queryNews', params: { id } }),
    }),
  }),
});

export const { useMessagePageInfiniteQuery, useMarkReadMutation, useNewsPageInfiniteQuery, useNewsItemQuery } = messagesApi;
