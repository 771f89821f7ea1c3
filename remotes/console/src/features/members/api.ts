import { staffApi } from '@rigshare/api-client';
import type { Page } from '@rigshare/domain';
import type { AdminMember, AdminMemberRow, MemberFreezeResult, MemberSearch } from '@rigshare/api-schema';

type Decision = { id: number; reason: string };

/** The members section's calls: MEMBERS_ADMIN_ROUTES in libs/api-schema/src/admin-members.ts. */
const membersApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    members: build.query<Page<AdminMemberRow>, MemberSearch>({ query: (params) => ({ path: '/members', params }), providesTags: ['Members'] }),
    member: build.query<AdminMember, number>({ query: (id) => ({ path: `/members/${id}` }), providesTags: ['Members'] }),
    freezeMember: build.mutation<MemberFreezeResult, Decision>({
      query: ({ id, reason }) => ({ path: `/members/${id}/freeze`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Members', 'Audit'],
    }),
    unfreezeMember: build.mutation<MemberFreezeResult, Decision>({
      query: ({ id, reason }) => ({ path: `/members/${id}/unfreeze`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Members', 'Audit'],
    }),
  }),
});

export const { useMembersQuery, useMemberQuery, useFreezeMemberMutation, useUnfreezeMemberMutation } = membersApi;
