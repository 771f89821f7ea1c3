/**
 * Home's videos (the `user` host's /sys/videoCarousel and /sys/home-video). They are published content
 * of the messages feature, so they carry its tag: a change of language reads their titles again.
 */
import { serverApi } from '@rigshare/api-client';
import type { HomeVideo } from '@rigshare/api-schema';

export const homeVideosApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    videoCarousel: build.query<HomeVideo[], void>({ query: () => ({ host: 'user', path: 'sys/videoCarousel' }), providesTags: ['Messages'] }),
    homeVideo: build.query<HomeVideo | null, void>({ query: () => ({ host: 'user', path: 'sys/home-video' }), providesTags: ['Messages'] }),
  }),
});

export const { useVideoCarouselQuery, useHomeVideoQuery } = homeVideosApi;
