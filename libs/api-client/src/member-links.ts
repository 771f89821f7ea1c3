import type { InviteMessage, ServiceLink } from '@rigshare/api-schema';
import { serverApi } from './server-api';

/**
 * Two reads of the `user` host that the shell and a remote both show: the member's invite message
 * (the header's share button, the team tab's invite card) and the customer-service link (the header's
 * button, the wallet's cash-recharge instructions). Defined once, one cache entry each.
 */
export const memberLinksApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The invite code, link and staff's message in the member's language. `announce`: the member pressed
     * a button (spinner, error toast); a screen that shows its own error passes false. The flag is not
     * part of the cache key, so the button and the card share one entry.
     */
    inviteMessage: build.query<InviteMessage, { announce: boolean }>({
      query: ({ announce }) => ({ host: 'user', path: 'queryInviteMsg', announce }),
      serializeQueryArgs: ({ endpointName }) => endpointName,
    }),
    /** The link staff set, or null; whether it is usable is `isUsableServiceLink`'s (@rigshare/domain). Each screen says itself why there is none. */
    serviceLink: build.query<string | null, void>({
      query: () => ({ host: 'user', path: 'appUrl/info' }),
      transformResponse: (data: ServiceLink) => data.appUrl,
    }),
  }),
});

export const { useInviteMessageQuery, useLazyInviteMessageQuery, useServiceLinkQuery, useLazyServiceLinkQuery } = memberLinksApi;
