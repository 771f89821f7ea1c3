/**
 * The member's live balance on the Mine page (the `assets` host). It provides the `Balance` tag the
 * wallet's calls mark stale, so a purchase or a withdrawal anywhere updates the figure shown here.
 */
import { serverApi } from '@rigshare/api-client';
import type { Balance } from '@rigshare/api-schema';

export const mineBalanceApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    liveBalance: build.query<Balance, void>({
      query: () => ({ host: 'assets', path: 'user/balance' }),
      providesTags: ['Balance'],
    }),
  }),
});

export const { useLiveBalanceQuery } = mineBalanceApi;
