import { staffApi } from '@rigshare/api-client';
import type { Page } from '@rigshare/domain';
import type {
  AdminDashboard,
  AdminFeedback,
  AdminPost,
  AdminRecharge,
  AdminRechargeResult,
  AdminSubmission,
  AdminWithdrawal,
  AdminWithdrawalResult,
  AuditQuery,
  AuditRow,
  ReviewResult,
  StaffMe,
} from '@rigshare/api-schema';

/** One page of a staff list (the server pages; the table sorts and filters what it shows). */
export interface ListQuery {
  pageNum: number;
  pageSize: number;
}

type Decision = { id: number; reason?: string };

/** The console's calls on the /admin API, each a route of ADMIN_ROUTES (libs/api-schema/src/admin.ts). */
export const consoleApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<StaffMe, void>({ query: () => ({ path: '/me' }) }),
    logout: build.mutation<null, void>({ query: () => ({ path: '/session', method: 'DELETE' }) }),
    dashboard: build.query<AdminDashboard, void>({ query: () => ({ path: '/dashboard' }), providesTags: ['Dashboard'] }),

    recharges: build.query<Page<AdminRecharge>, ListQuery>({ query: (params) => ({ path: '/recharges', params }), providesTags: ['Recharges'] }),
    confirmRecharge: build.mutation<AdminRechargeResult, number>({
      query: (id) => ({ path: `/recharges/${id}/confirm`, method: 'POST', body: {} }),
      invalidatesTags: ['Recharges', 'Dashboard', 'Audit'],
    }),
    rejectRecharge: build.mutation<AdminRechargeResult, Decision>({
      query: ({ id, reason }) => ({ path: `/recharges/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Recharges', 'Dashboard', 'Audit'],
    }),

    withdrawals: build.query<Page<AdminWithdrawal>, ListQuery>({ query: (params) => ({ path: '/withdrawals', params }), providesTags: ['Withdrawals'] }),
    approveWithdrawal: build.mutation<AdminWithdrawalResult, { id: number; txHash?: string; reference?: string }>({
      query: ({ id, txHash, reference }) => ({ path: `/withdrawals/${id}/approve`, method: 'POST', body: { txHash, reference } }),
      invalidatesTags: ['Withdrawals', 'Dashboard', 'Audit'],
    }),
    rejectWithdrawal: build.mutation<AdminWithdrawalResult, Decision>({
      query: ({ id, reason }) => ({ path: `/withdrawals/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Withdrawals', 'Dashboard', 'Audit'],
    }),

    posts: build.query<Page<AdminPost>, ListQuery>({ query: (params) => ({ path: '/posts', params }), providesTags: ['Posts'] }),
    passPost: build.mutation<ReviewResult, number>({ query: (id) => ({ path: `/posts/${id}/pass`, method: 'POST', body: {} }), invalidatesTags: ['Posts', 'Dashboard', 'Audit'] }),
    failPost: build.mutation<ReviewResult, Decision>({
      query: ({ id, reason }) => ({ path: `/posts/${id}/fail`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Posts', 'Dashboard', 'Audit'],
    }),

    submissions: build.query<Page<AdminSubmission>, ListQuery>({ query: (params) => ({ path: '/submissions', params }), providesTags: ['Submissions'] }),
    passSubmission: build.mutation<ReviewResult, number>({
      query: (id) => ({ path: `/submissions/${id}/pass`, method: 'POST', body: {} }),
      invalidatesTags: ['Submissions', 'Dashboard', 'Audit'],
    }),
    failSubmission: build.mutation<ReviewResult, Decision>({
      query: ({ id, reason }) => ({ path: `/submissions/${id}/fail`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Submissions', 'Dashboard', 'Audit'],
    }),

    feedback: build.query<Page<AdminFeedback>, ListQuery>({ query: (params) => ({ path: '/feedback', params }), providesTags: ['Feedback'] }),
    replyFeedback: build.mutation<{ id: number }, { id: number; text: string }>({
      query: ({ id, text }) => ({ path: `/feedback/${id}/reply`, method: 'POST', body: { text } }),
      invalidatesTags: ['Feedback', 'Dashboard', 'Audit'],
    }),

    audit: build.query<Page<AuditRow>, AuditQuery>({ query: (params) => ({ path: '/audit', params }), providesTags: ['Audit'] }),
  }),
});

export const {
  useMeQuery,
  useLogoutMutation,
  useDashboardQuery,
  useRechargesQuery,
  useConfirmRechargeMutation,
  useRejectRechargeMutation,
  useWithdrawalsQuery,
  useApproveWithdrawalMutation,
  useRejectWithdrawalMutation,
  usePostsQuery,
  usePassPostMutation,
  useFailPostMutation,
  useSubmissionsQuery,
  usePassSubmissionMutation,
  useFailSubmissionMutation,
  useFeedbackQuery,
  useReplyFeedbackMutation,
  useAuditQuery,
} = consoleApi;
