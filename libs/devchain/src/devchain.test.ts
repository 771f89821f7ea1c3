import { createPublicClient, http, parseAbiItem, parseUnits } from 'viem';
import {
  blockNumber,
  connectToken,
  deployToken,
  mine,
  newDeployerKey,
  revert,
  snapshot,
  startDevChain,
  startRpcCounter,
  testDepositAddress,
  testXpub,
  transferBatch,
  type DevChain,
} from '.';
import { HDKey } from 'viem/accounts';

describe('devchain', () => {
  let chain: DevChain;
  beforeAll(async () => {
    chain = await startDevChain();
  });
  afterAll(async () => chain.stop());

  it('starts a Hardhat node that answers JSON-RPC on its own port', async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    expect(await client.getChainId()).toBe(31337);
    expect(chain.rpcUrl).toBe(`http://127.0.0.1:${chain.port}`);
  });

  it('deploys a token whose transfer emits a Transfer log', async () => {
    const token = await deployToken(chain, { decimals: 18 });
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const decimals = await client.readContract({
      address: token.address,
      abi: [parseAbiItem('function decimals() view returns (uint8)')],
      functionName: 'decimals',
    });
    expect(decimals).toBe(18);

    const to = testDepositAddress(7);
    const sent = await token.transfer(to, parseUnits('25', 18));
    const logs = await client.getLogs({
      address: token.address,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { to },
      fromBlock: sent.blockNumber,
      toBlock: sent.blockNumber,
    });
    expect(logs).toHaveLength(1);
    expect(logs[0].transactionHash).toBe(sent.hash);
    expect(logs[0].args.value).toBe(parseUnits('25', 18));
    expect(await token.balanceOf(to)).toBe(parseUnits('25', 18));
  });

  it('deploys a token with other decimals', async () => {
    const token = await deployToken(chain, { decimals: 6, symbol: 'USD6' });
    expect(token.decimals).toBe(6);
    expect(await token.balanceOf(testDepositAddress(1))).toBe(0n);
  });

  it('mines blocks and reverts to a snapshot', async () => {
    const start = await blockNumber(chain);
    const id = await snapshot(chain);
    await mine(chain, 25);
    expect(await blockNumber(chain)).toBe(start + 25n);
    await revert(chain, id);
    expect(await blockNumber(chain)).toBe(start);
  });

  it('gives an extended public key whose children match the private derivation', () => {
    const xpub = testXpub();
    expect(xpub).toMatch(/^xpub/);
    const node = HDKey.fromExtendedKey(xpub);
    expect(node.privateKey).toBeNull();
    expect(testDepositAddress(1)).not.toBe(testDepositAddress(2));
  });

  it('gives each random deployer its own token address, and a later handle can send its tokens', async () => {
    const first = await deployToken(chain, { deployerKey: newDeployerKey() });
    const key = newDeployerKey();
    const second = await deployToken(chain, { deployerKey: key });
    expect(second.address).not.toBe(first.address);
    const again = connectToken({ rpcUrl: chain.rpcUrl, chainId: chain.chainId }, { address: second.address, decimals: 18, deployerKey: key });
    await again.transfer(testDepositAddress(9), parseUnits('3', 18));
    expect(await second.balanceOf(testDepositAddress(9))).toBe(parseUnits('3', 18));
  });

  it('sends a batch of transfers in one block, then mines one block per transaction again', async () => {
    const token = await deployToken(chain);
    const before = await blockNumber(chain);
    const batch = await transferBatch(chain, token, [1, 2, 3, 4, 5].map((i) => ({ to: testDepositAddress(100 + i), amount: parseUnits(String(i), 18) })));
    expect(batch.blockNumber).toBe(before + 1n);
    expect(batch.hashes).toHaveLength(5);
    expect(await token.balanceOf(testDepositAddress(105))).toBe(parseUnits('5', 18));
    const single = await token.transfer(testDepositAddress(106), 1n);
    expect(single.blockNumber).toBe(before + 2n);
  });

  it('counts the JSON-RPC calls passed through to the node, by method', async () => {
    const counter = await startRpcCounter(chain);
    try {
      const client = createPublicClient({ transport: http(counter.rpcUrl), cacheTime: 0 });
      expect(await client.getChainId()).toBe(31337);
      await client.getBlockNumber();
      await client.getBlockNumber();
      expect(counter.counts()).toEqual({ eth_chainId: 1, eth_blockNumber: 2 });
      expect(counter.total()).toBe(3);
      counter.reset();
      expect(counter.total()).toBe(0);
    } finally {
      await counter.close();
    }
  });

  it('mines empty blocks on its own with a block time, as a live chain does', async () => {
    const live = await startDevChain({ blockTimeMs: 200 });
    try {
      const start = await blockNumber(live);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await blockNumber(live)).toBeGreaterThanOrEqual(start + 3n);
    } finally {
      await live.stop();
    }
  });

  it('stops the node', async () => {
    const other = await startDevChain();
    await other.stop();
    await other.stop();
    await expect(fetch(other.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
