import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real Hardhat 2 JSON-RPC node in a child process (its own process group), automine on.
 * Chain id 31337 (Hardhat's), so nothing on it can be mistaken for BNB Smart Chain (56).
 */

export const DEV_CHAIN_ID = 31337;

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  port: number;
  /** Ends the node (the whole process group) and removes its temp folder; safe to call twice. */
  stop(): Promise<void>;
}

/** The folder that resolves `hardhat` (Hardhat refuses to run from a folder without a local install). */
const PACKAGE_DIR = path.resolve(__dirname, '..');
const HARDHAT_CLI = path.join(path.dirname(require.resolve('hardhat/package.json', { paths: [PACKAGE_DIR] })), 'internal', 'cli', 'bootstrap.js');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * The config the node runs with. It also ends the node when this (parent) process is gone, so a
 * killed test run never leaves a node behind. No sources: nothing is compiled, no compiler download.
 */
function hardhatConfig(dir: string, blockTimeMs: number): string {
  return `// Written by @rigshare/devchain for one \`hardhat node\` run.
const parent = ${process.pid};
setInterval(() => {
  try { process.kill(parent, 0); } catch { process.exit(0); }
}, 1000).unref();
module.exports = {
  networks: {
    hardhat: { chainId: ${DEV_CHAIN_ID}, hardfork: 'cancun', mining: { auto: true, interval: ${blockTimeMs} }, loggingEnabled: false },
  },
  paths: { root: ${JSON.stringify(dir)}, sources: ${JSON.stringify(path.join(dir, 'contracts'))}, cache: ${JSON.stringify(path.join(dir, 'cache'))}, artifacts: ${JSON.stringify(path.join(dir, 'artifacts'))} },
};
`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    const body = (await res.json()) as { result?: string };
    return Number(body.result) === DEV_CHAIN_ID;
  } catch {
    return false;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts a node on `port` (a free one when 0 or absent) and resolves once it answers JSON-RPC. Each
 * transaction is mined at once; `blockTimeMs` also mines an empty block at that interval, as a live
 * chain does, so confirmations accumulate on their own (tests leave it off and mine by hand).
 */
export async function startDevChain(options: { port?: number; blockTimeMs?: number } = {}): Promise<DevChain> {
  const port = options.port || (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-devchain-'));
  fs.mkdirSync(path.join(dir, 'contracts'));
  const configFile = path.join(dir, 'hardhat.config.js');
  fs.writeFileSync(configFile, hardhatConfig(dir, options.blockTimeMs ?? 0));

  const child = spawn(process.execPath, [HARDHAT_CLI, '--config', configFile, 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: PACKAGE_DIR,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', HARDHAT_HIDE_SOLIDITY_SURVEY_MESSAGE: 'true', NO_COLOR: '1' },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Never keep the parent alive for the node; the exit hook below ends it when the parent ends.
  child.unref();
  (child.stdout as unknown as net.Socket).unref();
  (child.stderr as unknown as net.Socket).unref();
  const onExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', onExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', onExit);
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_TIMEOUT_MS);
    if (child.exitCode === null && child.signalCode === null) await exited;
    clearTimeout(timer);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(rpcUrl))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Hardhat node did not start on port ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { rpcUrl, chainId: DEV_CHAIN_ID, port, stop };
}
