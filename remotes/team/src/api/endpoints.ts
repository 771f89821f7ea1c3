/**
 * Every server call of the team remote, as RTK Query endpoints injected into the page's one server API
 * (libs/api-client). Reply types come from the contract (@rigshare/api-schema).
 */
import { ApiError, memberLinksApi, pagedListOptions, postMultipart, serverApi, type ServerError } from '@rigshare/api-client';
import type { SubmissionState, InvitedFloors, MemberReward, RegisterReward, SignInResult, SignRecord, SignStatus, TeamInfo, TeamMember } from '@rigshare/api-schema';
import { DEFAULT_PAGE_SIZE, type Page, type TeamLevel } from '@rigshare/domain';
import { store } from '@rigshare/session';

/** Each level's list has its own route on the server. */
const TEAM_LIST_PATHS = { A: 'team/list-a', B: 'team/list-b', C: 'team/list-c' } as const satisfies Record<TeamLevel, string>;

export const teamApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    teamInfo: build.query<TeamInfo, void>({
      query: () => ({ host: 'user', path: 'team/info' }),
      providesTags: ['Team'],
    }),
    teamPage: build.infiniteQuery<Page<TeamMember>, TeamLevel, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: level, pageParam }) => ({ host: 'user', path: TEAM_LIST_PATHS[level], params: { pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE } }),
      providesTags: ['Team'],
    }),

    // Invitation centre (floor 1..3 = level A..C) and lower-level income
    invitedFloors: build.query<InvitedFloors, void>({
      query: () => ({ host: 'user', path: 'share/invited/floor/num', method: 'POST', body: {} }),
      providesTags: ['Team'],
    }),
    invitedFloorPage: build.infiniteQuery<Page<TeamMember>, number, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: floor, pageParam }) => ({ host: 'user', path: 'share/invited/floor', method: 'POST', body: { floor, pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE } }),
      providesTags: ['Team'],
    }),
    lowerIncomePage: build.infiniteQuery<Page<MemberReward>, 'referral' | 'team' | 'all', number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: kind, pageParam }) => ({
        host: 'user',
        path: 'team/income',
        params: { pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE, ...(kind === 'all' ? {} : { kind }) },
      }),
      providesTags: [{ type: 'Team', id: 'rewards' }],
    }),

    // Join-group screenshot and video-share link (staff review them)
    joinGroupStatus: build.query<SubmissionState, void>({
      query: () => ({ host: 'user', path: 'joinGroup/status' }),
      providesTags: [{ type: 'Team', id: 'joingroup' }],
    }),
    uploadScreenshot: build.mutation<SubmissionState, File>({
      async queryFn(file) {
        try {
          const form = new FormData();
          form.append('image', file, file.name);
          return { data: (await postMultipart<SubmissionState>('user', 'joinGroup/upload', form, { quiet: true })).data };
        } catch (error) {
          const failure: ServerError =
            error instanceof ApiError ? { code: error.code, message: error.message, data: error.data } : { code: 0, message: error instanceof Error ? error.message : String(error), data: null };
          return { error: failure };
        }
      },
      invalidatesTags: [{ type: 'Team', id: 'joingroup' }, { type: 'Team', id: 'rewards' }],
    }),
    shareLinkStatus: build.query<SubmissionState, void>({
      query: () => ({ host: 'user', path: 'shareLink/status' }),
      providesTags: [{ type: 'Team', id: 'video' }],
    }),
    submitShareLink: build.mutation<SubmissionState, string>({
      query: (url) => ({ host: 'user', path: 'shareLink/submit', method: 'POST', body: { url }, announce: false }),
      invalidatesTags: [{ type: 'Team', id: 'video' }, { type: 'Team', id: 'rewards' }],
    }),

    // Daily sign-in (the browser's time zone; the member's first sign-in fixes theirs)
    signStatus: build.query<SignStatus, void>({
      query: () => ({ host: 'user', path: 'app/user/queryTodaySignStatus', method: 'POST', body: { timeZone: browserTimeZone() } }),
      providesTags: [{ type: 'Team', id: 'sign' }],
    }),
    signRecord: build.query<SignRecord, string>({
      query: (month) => ({ host: 'user', path: 'app/user/querySignRecord', method: 'POST', body: { month } }),
      providesTags: [{ type: 'Team', id: 'sign' }],
    }),
    signIn: build.mutation<SignInResult, void>({
      query: () => ({ host: 'user', path: 'app/user/sign', method: 'POST', body: { timeZone: browserTimeZone() } }),
      invalidatesTags: [{ type: 'Team', id: 'sign' }, { type: 'Team', id: 'rewards' }, 'Balance', 'Records'],
    }),

    // Reward centre
    registerReward: build.query<RegisterReward, void>({
      query: () => ({ host: 'user', path: 'registerReward/query' }),
      providesTags: [{ type: 'Team', id: 'rewards' }],
    }),
    claimRegisterReward: build.mutation<RegisterReward, void>({
      query: () => ({ host: 'user', path: 'registerReward/receive', method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Team', id: 'rewards' }, 'Balance', 'Records'],
    }),
    rewardPage: build.infiniteQuery<Page<MemberReward>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'user', path: 'reward/list', params: { pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE } }),
      providesTags: [{ type: 'Team', id: 'rewards' }],
    }),
  }),
});

export const {
  useTeamInfoQuery,
  useTeamPageInfiniteQuery,
  useInvitedFloorsQuery,
  useJoinGroupStatusQuery,
  useUploadScreenshotMutation,
  useShareLinkStatusQuery,
  useSubmitShareLinkMutation,
  useInvitedFloorPageInfiniteQuery,
  useLowerIncomePageInfiniteQuery,
  useSignStatusQuery,
  useSignRecordQuery,
  useSignInMutation,
  useRegisterRewardQuery,
  useClaimRegisterRewardMutation,
  useRewardPageInfiniteQuery,
} = teamApi;

/** The browser's IANA time zone ("Asia/Kolkata"), or "" when it has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

export function errorMessage(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : '';
}

/** The team tab's reads (the summary and the invite card), started beside the screen's chunk (the route's `prefetch`). */
export function prefetchTeamInfo(): void {
  store.dispatch(teamApi.util.prefetch('teamInfo', undefined, {}));
  store.dispatch(memberLinksApi.util.prefetch('inviteMessage', { announce: false }, {}));
}
