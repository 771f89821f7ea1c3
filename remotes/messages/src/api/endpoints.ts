/**
 * Every call of the messages remote, as RTK Query endpoints injected into the page's one server API
 * (libs/api-client). The unread count lives there too (the shell's badges read it); marking a message
 * read invalidates 'Messages', so the list and every badge reload by themselves.
 */
import type { PushMessage } from '@rigshare/api-schema';
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
  }),
});

export const { useMessagePageInfiniteQuery, useMarkReadMutation } = messagesApi;
