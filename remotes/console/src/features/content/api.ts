import { staffApi } from '@rigshare/api-client';
import type { Page } from '@rigshare/domain';
import type { AdminBanner, AdminInviteMessage, AdminNews, AdminNotice, AdminVideo, BannerDraft, InviteMessageDraft, NewsDraft, NoticeDraft, PostForMemberDraft, PushDraft, PushResult, VideoDraft } from '@rigshare/api-schema';
import type { ListQuery } from '../../api/endpoints';

type Done = { id: number };
/** The kinds of published content; each has a list, a publish and an unpublish route under /admin/content/<kind>. */
export type ContentKind = 'news' | 'notices' | 'carousel' | 'videos';

/** The content section's calls: CONTENT_ADMIN_ROUTES in libs/api-schema/src/admin-content.ts. */
const contentApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    contentNews: build.query<Page<AdminNews>, ListQuery>({ query: (params) => ({ path: '/content/news', params }), providesTags: ['Content'] }),
    contentNotices: build.query<Page<AdminNotice>, ListQuery>({ query: (params) => ({ path: '/content/notices', params }), providesTags: ['Content'] }),
    contentCarousel: build.query<Page<AdminBanner>, ListQuery>({ query: (params) => ({ path: '/content/carousel', params }), providesTags: ['Content'] }),
    contentVideos: build.query<Page<AdminVideo>, ListQuery>({ query: (params) => ({ path: '/content/videos', params }), providesTags: ['Content'] }),
    publishNews: build.mutation<Done, NewsDraft>({ query: (body) => ({ path: '/content/news', method: 'POST', body }), invalidatesTags: ['Content', 'Audit'] }),
    publishNotice: build.mutation<Done, NoticeDraft>({ query: (body) => ({ path: '/content/notices', method: 'POST', body }), invalidatesTags: ['Content', 'Audit'] }),
    publishBanner: build.mutation<Done, BannerDraft>({ query: (body) => ({ path: '/content/carousel', method: 'POST', body }), invalidatesTags: ['Content', 'Audit'] }),
    publishVideo: build.mutation<Done, VideoDraft>({ query: (body) => ({ path: '/content/videos', method: 'POST', body }), invalidatesTags: ['Content', 'Audit'] }),
    unpublish: build.mutation<Done, { kind: ContentKind; id: number }>({
      query: ({ kind, id }) => ({ path: `/content/${kind}/${id}/unpublish`, method: 'POST', body: {} }),
      invalidatesTags: ['Content', 'Audit'],
    }),
    inviteMessage: build.query<AdminInviteMessage, void>({ query: () => ({ path: '/content/invite-message' }), providesTags: ['Content'] }),
    setInviteMessage: build.mutation<AdminInviteMessage, InviteMessageDraft>({
      query: (body) => ({ path: '/content/invite-message', method: 'POST', body }),
      invalidatesTags: ['Content', 'Audit'],
    }),
    push: build.mutation<PushResult, PushDraft>({ query: (body) => ({ path: '/content/push', method: 'POST', body }), invalidatesTags: ['Audit'] }),
    postForMember: build.mutation<Done, PostForMemberDraft>({ query: (body) => ({ path: '/content/post-for-member', method: 'POST', body }), invalidatesTags: ['Audit'] }),
  }),
});

export const {
  useContentNewsQuery,
  useContentNoticesQuery,
  useContentCarouselQuery,
  useContentVideosQuery,
  usePublishNewsMutation,
  usePublishNoticeMutation,
  usePublishBannerMutation,
  usePublishVideoMutation,
  useUnpublishMutation,
  useInviteMessageQuery,
  useSetInviteMessageMutation,
  usePushMutation,
  usePostForMemberMutation,
} = contentApi;
