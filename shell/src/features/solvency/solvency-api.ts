/** The solvency calls (the `assets` service host): the public page and the member's proof. */
import type { Solvency, SolvencyProof } from '@rigshare/api-schema';
import { get } from '@rigshare/api-client';

export type { Solvency, SolvencyProof };

export const solvencyApi = {
  /** Open to visitors: no session needed. */
  page: () => get<Solvency>('assets', 'solvency', { silent: true, quiet: true }),
  proof: () => get<SolvencyProof | null>('assets', 'solvency/proof', { silent: true, quiet: true }),
};
