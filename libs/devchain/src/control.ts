import type { DevChain } from './node';

/** Hardhat's own JSON-RPC methods, for confirmations and reorganisations in tests. */

async function rpc<T>(chain: Pick<DevChain, 'rpcUrl'>, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Mines `blocks` empty blocks at once (hardhat_mine). */
export async function mine(chain: Pick<DevChain, 'rpcUrl'>, blocks: number): Promise<void> {
  if (!Number.isInteger(blocks) || blocks < 1) throw new Error(`mine: blocks must be a positive integer, got ${blocks}`);
  await rpc(chain, 'hardhat_mine', [`0x${blocks.toString(16)}`]);
}

/** The chain's current block number. */
export async function blockNumber(chain: Pick<DevChain, 'rpcUrl'>): Promise<bigint> {
  return BigInt(await rpc<string>(chain, 'eth_blockNumber'));
}

/** Remembers the chain as it is now (evm_snapshot); `revert` returns to it, dropping every later block. */
export async function snapshot(chain: DevChain): Promise<string> {
  return rpc<string>(chain, 'evm_snapshot');
}

/** Drops every block after the snapshot (a reorganisation); a snapshot can be reverted to once. */
export async function revert(chain: DevChain, id: string): Promise<void> {
  if (!(await rpc<boolean>(chain, 'evm_revert', [id]))) throw new Error(`evm_revert: no snapshot ${id}`);
}

/** Gives `address` 1 000 test coins for gas (hardhat_setBalance). */
export async function fund(chain: Pick<DevChain, 'rpcUrl'>, address: string): Promise<void> {
  await rpc(chain, 'hardhat_setBalance', [address, `0x${(1_000n * 10n ** 18n).toString(16)}`]);
}

/** Turns mining a block per transaction on or off (evm_setAutomine); off, transactions wait in the mempool. */
export async function setAutomine(chain: Pick<DevChain, 'rpcUrl'>, on: boolean): Promise<void> {
  await rpc(chain, 'evm_setAutomine', [on]);
}

/** Mines one block holding the waiting transactions (evm_mine). */
export async function minePending(chain: Pick<DevChain, 'rpcUrl'>): Promise<void> {
  await rpc(chain, 'evm_mine');
}
