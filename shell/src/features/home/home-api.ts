/**
 * What home reads when it opens (the `user` service host): its banners, the scrolling notices and
 * the pop-up notice the member has not been shown yet, and telling the server one was shown.
 * Banners and notices are published content of the messages feature, so they carry its tag: a
 * change of language reads them again.
 */
import { serverApi } from '@rigshare/api-client';
import type { Banner, PopupNotice } from '@rigshare/api-schema';

export const homeApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    carousel: build.query<Banner[], void>({ query: () => ({ host: 'user', path: 'sys/carousel' }), providesTags: ['Messages'] }),
    scrollNotice: build.query<string[], void>({ query: () => ({ host: 'user', path: 'sys/scroll-notice' }), providesTags: ['Messages'] }),
    /** The newest pop-up notice this member has not been shown, or null (the server keeps track, per member). */
    popupNotice: build.query<PopupNotice | null, void>({ query: () => ({ host: 'user', path: 'sys/popup-notice' }) }),
    /** Tells the server the member was shown notice `id`; home holds no notice to show from then on. */
    popupSeen: build.mutation<null, number>({
      query: (id) => ({ host: 'user', path: 'sys/popup-notice/seen', method: 'POST', body: { id }, announce: false }),
      onQueryStarted: (_id, { dispatch }) => {
        dispatch(homeApi.util.upsertQueryData('popupNotice', undefined, null));
      },
    }),
  }),
});

export const { useCarouselQuery, useScrollNoticeQuery, usePopupNoticeQuery, usePopupSeenMutation } = homeApi;
