import { createPublicClient, http, parseAbi, type Address, type PublicClient } from 'viem';
import type { ChainConfig, SolvencyConfig } from '../../config';

const BALANCE_OF = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

/** One reserve address as read for a snapshot: its token balance in micro-units, or why it could not be read. */
export interface ReserveReading {
  address: string;
  balance: bigint | null;
  blockNumber: bigint | null;
  error: string | null;
}

/** Token units (USDT_DECIMALS) to micro-units, rounded down: a reserve is never shown above what it holds. */
export function tokenToMicro(units: bigint, decimals: number): bigint {
  return decimals >= 6 ? units / 10n ** BigInt(decimals - 6) : units * 10n ** BigInt(6 - decimals);
}

/** Whether the page can show on-chain reserves: an RPC endpoint and at least one published address. */
export function reservesConfigured(chain: ChainConfig, solvency: SolvencyConfig): boolean {
  return chain.rpcUrl !== '' && solvency.addresses.length > 0;
}

/**
 * The token balance of every published address at one block (the head when the read starts), through the
 * chain RPC the deposit watcher uses. A failed read is kept with its reason, never shown as zero.
 */
export async function readReserves(chain: ChainConfig, solvency: SolvencyConfig): Promise<ReserveReading[]> {
  if (!reservesConfigured(chain, solvency)) return [];
  const client: PublicClient = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 15_000, retryCount: 1 }), cacheTime: 0 }) as PublicClient;
  let blockNumber: bigint;
  try {
    blockNumber = await client.getBlockNumber();
  } catch (error) {
    const reason = shortReason(error);
    return solvency.addresses.map((address) => ({ address, balance: null, blockNumber: null, error: reason }));
  }
  return Promise.all(
    solvency.addresses.map(async (address): Promise<ReserveReading> => {
      try {
        const units = await client.readContract({ address: chain.tokenAddress as Address, abi: BALANCE_OF, functionName: 'balanceOf', args: [address as Address], blockNumber });
        return { address, balance: tokenToMicro(units, chain.decimals), blockNumber, error: null };
      } catch (error) {
        return { address, balance: null, blockNumber, error: shortReason(error) };
      }
    }),
  );
}

function shortReason(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string };
  return (e.shortMessage ?? e.message ?? String(error)).slice(0, 300);
}
