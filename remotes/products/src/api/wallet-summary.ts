/** The member's balances (the `assets` service host); read through ./endpoints.ts. */
import type { WalletSummary } from '@rigshare/api-schema';

export type { WalletSummary };
