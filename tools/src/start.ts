/**
 * `npm start` (after the build): the API with its embedded database and demo data, the shell and
 * the five remotes, each on its own origin, then the URL to open. With `--chain` (npm run
 * start:chain) also a local chain that the API watches for USDT deposits (demo-chain.ts).
 */
import type { FastifyInstance } from 'fastify';
import { startApiProcess, stopProcess } from './api-process';
import { deployedShellPolicy, REMOTE_PAGE_POLICY } from './content-security-policy';
import { writeRuntimeDocuments } from './runtime-documents';
import { startStaticServer } from './static-server';
import { REMOTE_NAMES, distOf, originOf, shareBaseUrl, shellOrigin, topologyFromEnv } from './topology';

async function main() {
  const topology = topologyFromEnv();
  const shellOrigins = [shellOrigin(topology), originOf('127.0.0.1', topology.shellPort)];
  writeRuntimeDocuments(topology);

  // Loaded only when asked for: the chain tools (Hardhat, the Solidity compiler) are heavy.
  const demoChain = process.argv.includes('--chain')
    ? await (await import('./demo-chain')).startDemoChain(Number(process.env.CHAIN_PORT || 8545))
    : null;
  // Invite links name the shell's origin on these ports, as CORS does, unless set explicitly.
  const apiEnv = { SHARE_BASE_URL: process.env.SHARE_BASE_URL || shareBaseUrl(topology), ...demoChain?.apiEnv };
  const api = await startApiProcess({ port: topology.apiPort, corsOrigins: shellOrigins, env: apiEnv });
  const servers: FastifyInstance[] = [];
  for (const name of REMOTE_NAMES) {
    servers.push(await startStaticServer({ root: distOf(name), port: topology.remotePorts[name], allowedOrigins: shellOrigins, contentSecurityPolicy: REMOTE_PAGE_POLICY }));
  }
  servers.push(await startStaticServer({ root: distOf('shell'), port: topology.shellPort, allowedOrigins: [], contentSecurityPolicy: deployedShellPolicy(distOf('shell')) }));

  const shutdown = async () => {
    await Promise.all(servers.map((s) => s.close()));
    await stopProcess(api);
    await demoChain?.chain.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  console.log('');
  console.log(`Rigshare is running. Open ${shellOrigin(topology)}/ in your browser (a phone-sized window suits it best).`);
  for (const name of REMOTE_NAMES) console.log(`  remote ${name.padEnd(9)} ${originOf(topology.host, topology.remotePorts[name])}/remoteEntry.js`);
  console.log(`  API              ${originOf(topology.host, topology.apiPort)}/api`);
  if (demoChain) {
    console.log(`  local chain      ${demoChain.chain.rpcUrl} (chain ${demoChain.chain.chainId}, test coins only; data in data/demo-chain)`);
    console.log('  Send test USDT to the address on the recharge screen: npm run demo-chain:send -- <address> <amount>');
  }
  console.log('Press Ctrl+C to stop.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
