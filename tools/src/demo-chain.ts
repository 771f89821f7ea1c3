/**
 * `npm run start:chain`: the app with USDT deposits working against a local chain, for trying the
 * whole deposit path by hand. A Hardhat node mining a block every 3 s (20 confirmations take about a
 * minute, as on BNB Smart Chain), a fresh USDT-like token with its own random deployer, and the public
 * test xpub. Its data lives apart in data/demo-chain, so the test xpub's addresses never reach the
 * real database. `npm run demo-chain:send -- <address> <amount>` sends test USDT to a deposit address.
 */
import fs from 'node:fs';
import path from 'node:path';
import { connectToken, deployToken, newDeployerKey, startDevChain, testXpub, type DevChain } from '@rigshare/devchain';
import { ROOT } from './topology';

export const DEMO_CHAIN_DATA_DIR = path.join(ROOT, 'data', 'demo-chain');
const STATE_FILE = path.join(DEMO_CHAIN_DATA_DIR, 'chain.json');
const BLOCK_TIME_MS = 3_000;

/** What the send command needs to reach the running demo chain's token. */
interface DemoChainState {
  rpcUrl: string;
  chainId: number;
  token: `0x${string}`;
  decimals: number;
  deployerKey: `0x${string}`;
}

/** Starts the chain and the token; resolves with the chain and the API settings that watch it. */
export async function startDemoChain(port: number): Promise<{ chain: DevChain; apiEnv: NodeJS.ProcessEnv }> {
  const chain = await startDevChain({ port, blockTimeMs: BLOCK_TIME_MS });
  // A new deployer each start gives a new token address, so nothing from an earlier run's chain is mistaken for this one's.
  const deployerKey = newDeployerKey();
  const token = await deployToken(chain, { decimals: 18, deployerKey });
  fs.mkdirSync(DEMO_CHAIN_DATA_DIR, { recursive: true });
  const state: DemoChainState = { rpcUrl: chain.rpcUrl, chainId: chain.chainId, token: token.address, decimals: token.decimals, deployerKey };
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2), { mode: 0o600 });
  return {
    chain,
    apiEnv: {
      DATA_DIR: DEMO_CHAIN_DATA_DIR,
      CHAIN_RPC_URL: chain.rpcUrl,
      DEPOSIT_XPUB: testXpub(),
      USDT_TOKEN_ADDRESS: token.address,
      USDT_DECIMALS: String(token.decimals),
      CHAIN_START_BLOCK: '0',
    },
  };
}

/** `npm run demo-chain:send -- <address> <amount in USDT>` while `npm run start:chain` runs. */
async function send(args: string[]): Promise<void> {
  const [to, amount] = args;
  if (!/^0x[0-9a-fA-F]{40}$/.test(to ?? '') || !/^\d{1,9}(\.\d{1,6})?$/.test(amount ?? '')) {
    throw new Error('Usage: npm run demo-chain:send -- <0x deposit address> <amount in USDT, e.g. 25 or 12.5>');
  }
  if (!fs.existsSync(STATE_FILE)) throw new Error('No demo chain is running: start the app with `npm run start:chain` first.');
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as DemoChainState;
  const token = connectToken(state, { address: state.token, decimals: state.decimals, deployerKey: state.deployerKey });
  const [whole, fraction = ''] = amount.split('.');
  const units = BigInt(whole + fraction.padEnd(state.decimals, '0'));
  const sent = await token.transfer(to as `0x${string}`, units);
  console.log(`sent ${amount} test USDT to ${to} in block ${sent.blockNumber} (tx ${sent.hash}); it arrives after the confirmations`);
}

if (require.main === module) {
  send(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
