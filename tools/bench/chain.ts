/**
 * npm run bench:chain -- [--addresses N] [--blocks B] [--per-block T] [--deposits D] [--empty E] [--scan-blocks S] [--keep]
 *
 * The USDT deposit watcher at scale, on the local chain (libs/devchain: a real Hardhat node and token)
 * and a scratch PostgreSQL database created next to DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) and dropped at the end, through the real migrations:
 *  - N stored deposit addresses (default 1 000 000), bulk inserted: D of them (default 200, spread over
 *    the ids) are the real addresses the test xpub derives for their member, the others valid addresses
 *    nobody sends to;
 *  - B blocks (default 100) of T token transfers each (default 20): the D deposits to our sampled
 *    addresses among noise to addresses that are not ours, then E empty blocks (default 900) and the
 *    confirmations;
 *  - the watcher's own pass (features/chain scanOnce, default 20 confirmations, CHAIN_SCAN_BLOCKS S,
 *    default 500) run until it reaches the head, its JSON-RPC calls counted by a pass-through in front
 *    of the node; then one steady-state pass after one more busy block.
 * Prints addresses, blocks scanned, eth_getLogs requests, RPC requests in total, time per block, and the
 * deposits found and credited; next to it the requests the old topic filter (100 addresses a request)
 * would make for the same ranges, and its time extrapolated from a sample of those requests.
 * Smaller: `npm run bench:chain -- --addresses 100000 --blocks 20`.
 */
import {
  deployToken,
  mine,
  startDevChain,
  startRpcCounter,
  testXpub,
  transferBatch,
  type DevChain,
  type RpcCounter,
} from '@rigshare/devchain';
import { sql } from 'kysely';
import { createPublicClient, getAddress, http, keccak256, parseUnits, toHex, type Address } from 'viem';
// The benchmark must time the server's real code, so it imports the server's code by path.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { loadConfig, type ChainConfig } from '../../server/src/config';
// The modules, not the feature's index: the index also brings the routes, whose types only the server project loads.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { depositAddressAt, depositOwners } from '../../server/src/features/chain/addresses';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { chainDepositProblems } from '../../server/src/features/chain/deposits';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { TRANSFER_EVENT } from '../../server/src/features/chain/rpc';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { scanOnce } from '../../server/src/features/chain/scan';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { checkLedger } from '../../server/src/ledger/check';
import { option, withScratchDb } from './scratch-db';

const fmt = (n: number) => n.toLocaleString('en-US');
/** A valid address nobody holds the key of, for noise. */
const noiseAddress = (i: number): Address => getAddress(keccak256(toHex(`bench noise ${i}`)).slice(0, 42));

/** Old watcher: logs to 100 stored addresses per request (a topic filter), so ceil(N/100) requests a range. */
const OLD_ADDRESSES_PER_REQUEST = 100;
/** Old-style requests actually sent to time the old approach. */
const OLD_SAMPLE = 20;

async function main(): Promise<void> {
  const addresses = option('addresses', 1_000_000);
  const busyBlocks = option('blocks', 100);
  const perBlock = option('per-block', 20);
  const deposits = option('deposits', 200, 0);
  const emptyBlocks = option('empty', 900, 0);
  const scanBlocks = option('scan-blocks', 500);
  if (deposits > addresses) throw new Error('--deposits is at most --addresses');
  if (deposits > busyBlocks * perBlock) throw new Error('--deposits is at most --blocks x --per-block');
  if (busyBlocks < 1 || perBlock < 1 || scanBlocks < 1) throw new Error('--blocks, --per-block and --scan-blocks must be at least 1');

  await withScratchDb({ prefix: 'rigshare_bench_chain', fallbackUrl: 'postgres://postgres@127.0.0.1:5432/test' }, async (db, scratch) => {
    const k = db.kysely;
    let chain: DevChain | null = null;
    let counter: RpcCounter | null = null;
    try {
      const xpub = testXpub();
      const iso = new Date().toISOString();

      // Members 1..N; D of them, spread over the ids, have their real derived address.
      let t0 = performance.now();
      console.log(`seeding ${fmt(addresses)} members and deposit addresses in ${scratch} ...`);
      const sampled = Array.from({ length: deposits }, (_, i) => 1 + Math.floor((i * addresses) / deposits));
      await sql`
        INSERT INTO users (id, phone, password_hash, name, invite_code, inviter_id, vip_level, grade, timezone_type, created_at)
        SELECT g, '7' || lpad(g::text, 9, '0'), 'bench', 'bench ' || g, 'C' || g, NULL, 0, 0, 0, ${iso}
        FROM generate_series(1, ${addresses}::int) AS g`.execute(k);
      await sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${addresses}::int)`.execute(k);
      // 40 lower-case hex digits: valid addresses, from md5 so they are spread like real ones.
      await sql`
        INSERT INTO deposit_addresses (user_id, address, derivation_index, created_at)
        SELECT g, '0x' || md5('bench a ' || g) || substr(md5('bench b ' || g), 1, 8), g, ${iso}
        FROM generate_series(1, ${addresses}::int) AS g
        WHERE g <> ALL (${sql.val(sampled)}::int[])`.execute(k);
      const ours = sampled.map((id) => ({ id, address: depositAddressAt(xpub, id) }));
      for (let i = 0; i < ours.length; i += 1000) {
        await k
          .insertInto('deposit_addresses')
          .values(ours.slice(i, i + 1000).map((o) => ({ user_id: o.id, address: o.address.toLowerCase(), derivation_index: o.id, created_at: iso })))
          .execute();
      }
      await sql`ANALYZE deposit_addresses`.execute(k);
      const stored = Number((await k.selectFrom('deposit_addresses').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      console.log(`seeded ${fmt(stored)} deposit addresses in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

      // The chain: a token, busy blocks (ours among noise), empty blocks, the confirmations.
      chain = await startDevChain();
      const token = await deployToken(chain);
      // cacheTime 0: viem otherwise answers getBlockNumber from a cache for 4 s.
      const rpc = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
      const startBlock = Number(await rpc.getBlockNumber()) + 1;
      const config: ChainConfig = {
        ...loadConfig({}).chain,
        depositXpub: xpub,
        tokenAddress: token.address,
        decimals: 18,
        startBlock,
        scanBlocks,
      };
      t0 = performance.now();
      let noise = 0;
      const expected = new Map<string, bigint>();
      for (let b = 0; b < busyBlocks; b++) {
        const transfers: { to: Address; amount: bigint }[] = [];
        for (let t = 0; t < perBlock; t++) {
          const j = b + t * busyBlocks; // deposit j goes to block j % B
          if (t < Math.ceil(deposits / busyBlocks) && j < deposits) {
            const amount = parseUnits(String(10 + (j % 90)), 18);
            transfers.push({ to: ours[j].address, amount });
            expected.set(ours[j].address.toLowerCase(), amount);
          } else {
            transfers.push({ to: noiseAddress(noise++), amount: parseUnits(String(1 + (noise % 500)), 18) });
          }
        }
        await transferBatch(chain, token, transfers);
      }
      if (emptyBlocks > 0) await mine(chain, emptyBlocks);
      await mine(chain, config.confirmations);
      const head = Number(await rpc.getBlockNumber());
      console.log(
        `chain: ${fmt(busyBlocks)} blocks of ${perBlock} transfers (${fmt(deposits)} to our addresses, ${fmt(noise)} noise), ` +
          `${fmt(emptyBlocks)} empty blocks, head ${head}; sent in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );

      // The watcher catching up from startBlock to the head, every JSON-RPC call counted.
      counter = await startRpcCounter(chain);
      config.rpcUrl = counter.rpcUrl;
      let passes = 0;
      let scanned = 0;
      let ranges = 0;
      let recorded = 0;
      let credited = 0;
      t0 = performance.now();
      for (;;) {
        const pass = await scanOnce(db, config, new Date());
        if (pass.status !== 'ok') throw new Error(`scan: ${JSON.stringify(pass)}`);
        passes++;
        scanned += pass.toBlock - pass.fromBlock + 1;
        ranges += Math.ceil((pass.toBlock - pass.fromBlock + 1) / scanBlocks);
        recorded += pass.recorded;
        credited += pass.credited;
        if (pass.toBlock >= pass.head) break;
      }
      const catchUpMs = performance.now() - t0;
      const catchUpCounts = counter.counts();
      const catchUpTotal = counter.total();
      const noiseSent = noise;

      // The same blocks again with nothing new to record or credit: the cost of reading and matching alone.
      await k.updateTable('chain_cursors').set({ last_scanned_block: startBlock - 1 }).execute();
      counter.reset();
      let rescanned = 0;
      t0 = performance.now();
      for (;;) {
        const pass = await scanOnce(db, config, new Date());
        if (pass.status !== 'ok') throw new Error(`scan: ${JSON.stringify(pass)}`);
        if (pass.recorded || pass.credited) throw new Error(`the rescan found something new: ${JSON.stringify(pass)}`);
        rescanned += pass.toBlock - pass.fromBlock + 1;
        if (pass.toBlock >= pass.head) break;
      }
      const rescanMs = performance.now() - t0;
      const rescanCounts = counter.counts();

      // Steady state: one more busy block (noise only), a pass as the watcher makes every CHAIN_POLL_MS.
      const late = { to: noiseAddress(noise++), amount: parseUnits('3', 18) };
      await transferBatch(chain, token, [late, ...Array.from({ length: perBlock - 1 }, () => ({ to: noiseAddress(noise++), amount: parseUnits('2', 18) }))]);
      counter.reset();
      t0 = performance.now();
      const steady = await scanOnce(db, config, new Date());
      const steadyMs = performance.now() - t0;
      if (steady.status !== 'ok') throw new Error(`scan: ${JSON.stringify(steady)}`);
      const steadyCounts = counter.counts();
      const steadyTotal = counter.total();

      // The bulk lookup alone: every distinct recipient of the scanned blocks against the stored addresses.
      const logs = await rpc.getLogs({ address: token.address, event: TRANSFER_EVENT, fromBlock: BigInt(startBlock), toBlock: BigInt(head) });
      const recipients = [...new Set(logs.map((l) => (l.args.to ?? '').toLowerCase()))];
      t0 = performance.now();
      const owners = await depositOwners(k, recipients);
      const lookupMs = performance.now() - t0;

      // The old approach: ceil(N/100) topic-filtered requests per range; a sample of them timed on one range.
      const oldPerRange = Math.ceil(stored / OLD_ADDRESSES_PER_REQUEST);
      const sample = await k.selectFrom('deposit_addresses').select('address').orderBy('id').limit(OLD_SAMPLE * OLD_ADDRESSES_PER_REQUEST).execute();
      const sampleTo = Math.min(head, startBlock + scanBlocks - 1);
      t0 = performance.now();
      for (let i = 0; i < sample.length; i += OLD_ADDRESSES_PER_REQUEST) {
        await rpc.getLogs({
          address: token.address,
          event: TRANSFER_EVENT,
          args: { to: sample.slice(i, i + OLD_ADDRESSES_PER_REQUEST).map((s) => s.address as Address) },
          fromBlock: BigInt(startBlock),
          toBlock: BigInt(sampleTo),
        });
      }
      const oldRequestMs = (performance.now() - t0) / Math.ceil(sample.length / OLD_ADDRESSES_PER_REQUEST);

      // What was recorded and credited: exactly our deposits, each once, and the ledger holds.
      const rows = await k.selectFrom('chain_deposits').select(['address', 'units', 'status']).execute();
      const wrong = rows.filter((r) => expected.get(r.address)?.toString() !== r.units || r.status !== 'Arrived');
      const problems = [...(await checkLedger(k)), ...(await chainDepositProblems(k))];

      const perBlockMs = catchUpMs / scanned;
      console.log(`\nChain watcher, ${fmt(stored)} deposit addresses, CHAIN_SCAN_BLOCKS ${scanBlocks}, ${config.confirmations} confirmations:`);
      console.log(`catch-up (records and credits): ${fmt(scanned)} blocks scanned in ${passes} pass(es), ${ranges} range(s): ${catchUpCounts.eth_getLogs ?? 0} eth_getLogs, ${fmt(catchUpTotal)} RPC requests in total`);
      console.log(`          ${(catchUpMs / 1000).toFixed(2)} s, ${perBlockMs.toFixed(2)} ms per block; RPC by method: ${JSON.stringify(catchUpCounts)}`);
      console.log(`          deposits found ${recorded} (expected ${deposits}), credited ${credited}; ${noiseSent} noise transfers, none recorded: ${rows.length === deposits && wrong.length === 0 ? 'yes' : 'NO'}`);
      console.log(
        `rescan of the same blocks (nothing new): ${fmt(rescanned)} blocks, ${rescanCounts.eth_getLogs ?? 0} eth_getLogs, ${Object.values(rescanCounts).reduce((a, b) => a + b, 0)} RPC requests, ` +
          `${(rescanMs / 1000).toFixed(2)} s, ${(rescanMs / rescanned).toFixed(2)} ms per block`,
      );
      console.log(
        `steady pass (1 new block of ${perBlock} transfers, blocks ${steady.fromBlock}..${steady.toBlock}): ${steadyCounts.eth_getLogs ?? 0} eth_getLogs, ${steadyTotal} RPC requests, ${steadyMs.toFixed(1)} ms`,
      );
      console.log(`bulk lookup: ${fmt(recipients.length)} distinct recipients of ${fmt(logs.length)} logs matched against ${fmt(stored)} addresses in ${lookupMs.toFixed(1)} ms (${owners.size} ours)`);
      console.log(
        `old topic filter (100 addresses a request): ${fmt(oldPerRange)} eth_getLogs per range, ${fmt(oldPerRange * ranges)} for this catch-up and ${fmt(oldPerRange)} per steady pass; ` +
          `${oldRequestMs.toFixed(1)} ms a request (${OLD_SAMPLE} timed) = ${((oldPerRange * oldRequestMs) / 1000).toFixed(1)} s per range`,
      );
      console.log(problems.length === 0 && wrong.length === 0 && recorded === deposits && credited === deposits ? 'ledger ok, every deposit credited once' : `PROBLEMS: ${[...problems, ...wrong.map((w) => `${w.address} ${w.status}`)].join('; ')}`);
      if (problems.length > 0 || wrong.length > 0 || credited !== deposits) process.exitCode = 1;
    } finally {
      await counter?.close();
      await chain?.stop();
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
