/**
 * What the header's update button asks the server when pressed (the `user` service host): a newer app
 * version. Each press reads afresh (`forceRefetch`), since staff may have changed the answer
 * since the last one. The share and customer-service buttons read through @rigshare/api-client's
 * `memberLinksApi`, which the team and wallet remotes share.
 */
import { serverApi } from '@rigshare/api-client';
import type { AppVersion } from '@rigshare/api-schema';
import { APP_VERSION_CODE, PLATFORM_ANDROID } from '@rigshare/domain';

export const headerApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** A newer version than this app's, or null. `announce`: the member asked (spinner, error toast). */
    versionUpdate: build.query<AppVersion | null, { announce: boolean }>({
      query: ({ announce }) => ({ host: 'user', path: 'app/version/update', params: { platform: PLATFORM_ANDROID, code: APP_VERSION_CODE }, announce }),
    }),
  }),
});
