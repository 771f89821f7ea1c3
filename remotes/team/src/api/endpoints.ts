/**
 * Every server call of the team remote, as RTK Query endpoints injected into the page's one server API
 * (libs/api-client). Reply types come from the contract (@rigshare/api-schema).
 */
import { pagedListOptions, serverApi } from '@rigshare/api-client';
import type { TeamInfo, TeamMember } from '@rigshare/api-schema';
import { DEFAULT_PAGE_SIZE, type Page, type TeamLevel } from '@rigshare/domain';

export const teamApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    teamInfo: build.query<TeamInfo, void>({
      query: () => ({ host: 'user', path: 'team/info' }),
      providesTags: ['Team'],
    }),
    teamPage: build.infiniteQuery<Page<TeamMember>, TeamLevel, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: level, pageParam }) => ({ host: 'user', path: `team/list-${level.toLowerCase()}`, params: { pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE } }),
      providesTags: ['Team'],
    }),
  }),
});

export const { useTeamInfoQuery, useTeamPageInfiniteQuery } = teamApi;

export function errorMessage(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : '';
}
