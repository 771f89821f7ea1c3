/** The member's balances (the `assets` service host); read through ./endpoints.ts. */

/** Balances of the member's ledger accounts, micro-unit strings. */
export interface WalletSummary {
  available: string;
  pendingIncome: string;
  /** Held for settlement (0 until withdrawals exist). */
  held: string;
  currency: string;
}
