/**
 * USDT (BEP20) deposits as the API answers them and the wallet shows them: the member's deposit
 * address with its terms, and the deposits the chain watcher has seen (docs/chain-deposits.md).
 */

/** Why USDT deposits are unavailable: no RPC URL, no xpub, or the token's decimals are not the configured ones. */
export type UsdtOffReason = 'noRpc' | 'noXpub' | 'decimalsMismatch';

export type UsdtDepositStatus = 'Pending' | 'Arrived' | 'Below minimum' | 'Dropped';

export interface UsdtDepositInfo {
  /** False when the watcher is off; `message` then says why (the cause alone: the screen says deposits are off) and `address` is null. */
  enabled: boolean;
  reason: UsdtOffReason | null;
  message: string | null;
  address: string | null;
  network: 'BEP20';
  /** The chain the watcher really reads (a test chain is never called BNB Smart Chain). */
  chainName: string;
  token: 'USDT';
  tokenAddress: string;
  /** Micro-USDT: smaller deposits are recorded and shown, not credited. */
  minimum: string;
  confirmations: number;
}

export interface UsdtDeposit {
  id: number;
  txHash: string;
  /** Micro-USDT, rounded down from the token units. */
  amount: string;
  status: UsdtDepositStatus;
  /** Counted from the head the watcher saw last, at most `required`. */
  confirmations: number;
  required: number;
  /** Why it was not credited (below the minimum, dropped by a reorganisation), translated. */
  reason: string | null;
  createTime: string;
  arrivedTime: string | null;
}
