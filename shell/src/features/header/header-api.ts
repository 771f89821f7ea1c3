/**
 * What the header's buttons ask the server when pressed (the `user` service host): a newer app
 * version, the customer-service link and the member's invite message. Each press reads afresh
 * (`forceRefetch`), since staff may have changed the answer since the last one.
 */
import { serverApi } from '@rigshare/api-client';
import type { AppVersion, InviteMessage, ServiceLink } from '@rigshare/api-schema';
import { APP_VERSION_CODE, PLATFORM_ANDROID } from '@rigshare/domain';

export const headerApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** A newer version than this app's, or null. `announce`: the member asked (spinner, error toast). */
    versionUpdate: build.query<AppVersion | null, { announce: boolean }>({
      query: ({ announce }) => ({ host: 'user', path: 'app/version/update', params: { platform: PLATFORM_ANDROID, code: APP_VERSION_CODE }, announce }),
    }),
    /** The screen says itself why there is no link. */
    serviceLink: build.query<string | null, void>({
      query: () => ({ host: 'user', path: 'appUrl/info' }),
      transformResponse: (data: ServiceLink) => data.appUrl,
    }),
    inviteMessage: build.query<InviteMessage, void>({ query: () => ({ host: 'user', path: 'queryInviteMsg', announce: true }) }),
  }),
});

export const { useLazyServiceLinkQuery, useLazyInviteMessageQuery } = headerApi;
