import { createPublicClient, http, parseAbi, parseAbiItem, toEventSelector, type PublicClient } from 'viem';

/** The token's JSON-RPC surface the watcher uses, through viem. */

export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
export const TRANSFER_TOPIC = toEventSelector(TRANSFER_EVENT);
export const DECIMALS_ABI = parseAbi(['function decimals() view returns (uint8)']);

const clients = new Map<string, PublicClient>();

/** One client per RPC URL for the life of the process (HTTP keep-alive, no batching surprises). */
export function chainClient(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    // cacheTime 0: every pass must see the real head, not a block number cached for seconds.
    client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000, retryCount: 1 }), cacheTime: 0 }) as PublicClient;
    clients.set(rpcUrl, client);
  }
  return client;
}
