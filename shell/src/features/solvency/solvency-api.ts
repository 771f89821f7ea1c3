/**
 * The solvency reads (the `assets` service host): the public page and the member's proof. A screen
 * opening shows what the cache holds and reads again (`refetchOnMountOrArgChange`), since a new
 * snapshot may have been taken meanwhile; the live channel's `solvency` event reloads both while shown.
 */
import { serverApi } from '@rigshare/api-client';
import type { Solvency, SolvencyProof } from '@rigshare/api-schema';

export type { Solvency, SolvencyProof };

export const solvencyApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** Open to visitors: no session needed. */
    solvency: build.query<Solvency, void>({ query: () => ({ host: 'assets', path: 'solvency' }), providesTags: ['Solvency'] }),
    /** The member's leaf in the newest snapshot; null before their first one. */
    solvencyProof: build.query<SolvencyProof | null, void>({ query: () => ({ host: 'assets', path: 'solvency/proof' }), providesTags: ['Solvency'] }),
  }),
});

export const { useSolvencyQuery, useSolvencyProofQuery } = solvencyApi;
