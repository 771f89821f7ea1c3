/** The member's balances (the `assets` service host, the wallet's `user/balance`); read through ./endpoints.ts. */
import type { Balance } from '@rigshare/api-schema';

export type { Balance };
