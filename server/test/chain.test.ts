import { parseAmount } from '@rigshare/domain';
import {
  deployToken,
  mine,
  resend,
  revert,
  snapshot,
  startDevChain,
  startRpcCounter,
  testDepositAddress,
  testXpub,
  type DevChain,
  type DevToken,
} from '@rigshare/devchain';
import fs from 'node:fs';
import { getAddress, keccak256, parseUnits, toHex, type Address } from 'viem';
import { loadConfig, type ChainConfig } from '../src/config';
import type { Db } from '../src/db/connect';
import { creditChainDeposit } from '../src/features/chain/credit';
import { chainDepositProblems } from '../src/features/chain/deposits';
import { scanOnce } from '../src/features/chain/scan';
import { startChainWatcher } from '../src/features/chain/watcher';
import { checkLedger } from '../src/ledger/check';
import { getAs, MANY_MEMBERS, runAdmin, seededDataDir, signedInMember, startApp, type TestContext, testDatabases, type TestMember } from './helpers';

/**
 * USDT (BEP20) deposits against a real local chain: one Hardhat node for the file, a fresh token per
 * database. Most tests use 3 confirmations; one counts the default 20 (hardhat_mine makes that quick).
 */

const usdt = (text: string) => parseAmount(text).toString();
const units = (text: string, decimals = 18) => parseUnits(text, decimals);

let chain: DevChain;
beforeAll(async () => {
  chain = await startDevChain();
});
afterAll(async () => chain?.stop());

interface Member extends TestMember {
  address: Address;
}

describe.each(testDatabases())('USDT deposits on %s', (_name, database) => {
  let ctx: TestContext;
  let token: DevToken;
  const chainConfig = (overrides: Partial<ChainConfig> = {}): ChainConfig => ({
    ...loadConfig({}).chain,
    rpcUrl: chain.rpcUrl,
    depositXpub: testXpub(),
    tokenAddress: token.address,
    decimals: 18,
    confirmations: 3,
    minimum: parseAmount('10'),
    pollMs: 60_000,
    ...overrides,
  });

  beforeAll(async () => {
    token = await deployToken(chain);
    ctx = await startApp(database, { ...MANY_MEMBERS, chain: chainConfig() });
    // The first pass starts the cursor at the head (CHAIN_START_BLOCK unset).
    expect(await scan()).toMatchObject({ status: 'ok', recorded: 0 });
  });
  afterAll(async () => ctx?.close());
  afterEach(async () => {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    expect(await chainDepositProblems(ctx.db.kysely)).toEqual([]);
  });

  const get = (m: TestMember, url: string, headers: Record<string, string> = {}) => getAs(ctx, url, m.token, headers);
  const scan = (config: ChainConfig = ctx.config.chain, db: Db = ctx.db) => scanOnce(db, config, ctx.clock());
  const info = async (m: TestMember, headers: Record<string, string> = {}) => (await get(m, '/api/assets/user/recharge/usdt', headers)).json().data;
  const records = async (m: Member, query = '', headers: Record<string, string> = {}) =>
    (await get(m, `/api/assets/user/recharge/usdt/records${query}`, headers)).json().data;
  const available = async (m: Member) => (await get(m, '/api/assets/user/balance')).json().data.available;

  /** Runs `fn` with the app's chain settings changed (the app reads them on every request). */
  async function withChainConfig<T>(config: ChainConfig, fn: () => Promise<T>): Promise<T> {
    const saved = ctx.config.chain;
    ctx.config.chain = config;
    try {
      return await fn();
    } finally {
      ctx.config.chain = saved;
    }
  }

  async function newMember(): Promise<Member> {
    const member = await signedInMember(ctx);
    return { ...member, address: (await info(member)).address };
  }

  it("gives each member their own address derived from the xpub, with the deposit terms", async () => {
    const a = await newMember();
    const b = await newMember();
    const data = await info(a);
    expect(data).toEqual({
      enabled: true,
      reason: null,
      message: null,
      address: testDepositAddress(a.id),
      network: 'BEP20',
      // The chain the watcher really reads: a local chain is never called BNB Smart Chain.
      chainName: 'Test chain 31337',
      token: 'USDT',
      tokenAddress: token.address,
      minimum: usdt('10'),
      confirmations: 3,
    });
    expect(b.address).toBe(testDepositAddress(b.id));
    expect(b.address).not.toBe(a.address);
    expect((await info(a)).address).toBe(a.address);
    const rows = await ctx.db.kysely.selectFrom('deposit_addresses').selectAll().where('user_id', 'in', [a.id, b.id]).execute();
    expect(rows.map((r) => r.address).sort()).toEqual([a.address.toLowerCase(), b.address.toLowerCase()].sort());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/assets/user/recharge/usdt' })).statusCode).toBe(401);
  });

  it('credits a deposit after the confirmations, not before, and exactly once', async () => {
    const m = await newMember();
    const sent = await token.transfer(m.address, units('25'));
    expect(await scan()).toMatchObject({ status: 'ok', recorded: 1, credited: 0 });
    let list = (await records(m)).list;
    expect(list).toEqual([
      {
        id: expect.any(Number),
        txHash: sent.hash,
        amount: usdt('25'),
        status: 'Pending',
        confirmations: 1,
        required: 3,
        reason: null,
        createTime: expect.any(String),
        arrivedTime: null,
      },
    ]);
    expect(await available(m)).toBe('0');

    await mine(chain, 1);
    expect(await scan()).toMatchObject({ recorded: 0, credited: 0 });
    expect((await records(m)).list[0]).toMatchObject({ status: 'Pending', confirmations: 2 });
    expect(await available(m)).toBe('0');

    await mine(chain, 1);
    expect(await scan()).toMatchObject({ recorded: 0, credited: 1 });
    list = (await records(m)).list;
    expect(list[0]).toMatchObject({ status: 'Arrived', confirmations: 3, arrivedTime: expect.any(String) });
    expect(await available(m)).toBe(usdt('25'));

    // Later passes, a rescan from the first block, and a direct replay change nothing.
    expect(await scan()).toMatchObject({ recorded: 0, credited: 0 });
    await ctx.db.kysely.updateTable('chain_cursors').set((eb) => ({ last_scanned_block: eb('start_block', '-', 1) })).execute();
    expect(await scan()).toMatchObject({ recorded: 0, credited: 0 });
    const row = await ctx.db.kysely.selectFrom('chain_deposits').selectAll().where('tx_hash', '=', sent.hash).executeTakeFirstOrThrow();
    expect(await creditChainDeposit(ctx.db, { id: row.id, blockHash: row.block_hash, at: ctx.clock(), required: 20 })).toBe(false);
    expect(await available(m)).toBe(usdt('25'));
    // One message for the member, however often the credit is replayed.
    const messages = (await get(m, '/api/push/record')).json().data;
    expect(messages.total).toBe(1);
    expect(messages.list[0]).toMatchObject({ kind: 'wallet', title: 'Deposit credited', content: '25.00 USDT was credited to your balance.', read: false });

    // The wallet record names the deposit and its transaction.
    const record = (await get(m, '/api/assets/user/record?type=1')).json().data;
    expect(record.total).toBe(1);
    expect(record.list[0]).toMatchObject({ type: 'Recharge', amount: usdt('25'), status: 'Arrived', description: 'USDT deposit (BEP20)', txHash: sent.hash });
    const hindi = (await get(m, '/api/assets/user/record?type=1', { language: 'hi_IN' })).json().data;
    expect(hindi.list[0].description).toBe('USDT जमा (BEP20)');
  });

  it('credits each deposit once when two watchers run at the same time', async () => {
    const a = await newMember();
    const b = await newMember();
    await token.transfer(a.address, units('10'));
    await token.transfer(a.address, units('11.5'));
    await token.transfer(b.address, units('12.345678912345678912'));
    await mine(chain, 2);
    const other = ctx.reopen();
    try {
      const results = await Promise.all([scan(), scan(ctx.config.chain, other), scan(ctx.config.chain, other), scan()]);
      const credited = results.reduce((n, r) => n + (r.status === 'ok' ? r.credited : 0), 0);
      expect(credited).toBe(3);
      expect(await scan(ctx.config.chain, other)).toMatchObject({ recorded: 0, credited: 0 });
    } finally {
      await other.kysely.destroy();
    }
    expect(await available(a)).toBe(usdt('21.5'));
    // Token units convert to micro-USDT rounded down.
    expect(await available(b)).toBe(usdt('12.345678'));
    expect((await records(a)).list.map((d: { status: string }) => d.status)).toEqual(['Arrived', 'Arrived']);
    // One message per credited deposit, not per watcher.
    expect((await get(a, '/api/push/unread')).json().data).toEqual({ count: 2 });
    expect((await get(b, '/api/push/unread')).json().data).toEqual({ count: 1 });
  });

  it('credits nothing for a deposit that leaves the chain before its confirmations', async () => {
    const m = await newMember();
    const before = await snapshot(chain);
    await token.transfer(m.address, units('30'));
    expect(await scan()).toMatchObject({ recorded: 1, credited: 0 });
    await revert(chain, before);
    await mine(chain, 4);
    expect(await scan()).toMatchObject({ dropped: 1, credited: 0 });
    await mine(chain, 3);
    expect(await scan()).toMatchObject({ credited: 0 });
    expect((await records(m)).list).toEqual([
      expect.objectContaining({
        status: 'Dropped',
        confirmations: 0,
        reason: 'The transaction left the chain before it was confirmed; nothing was credited',
      }),
    ]);
    expect(await available(m)).toBe('0');
  });

  it('follows a deposit into another block, and one that comes back after being dropped, crediting each once', async () => {
    const m = await newMember();
    // Moved: the same transaction lands two blocks later after a reorganisation.
    let before = await snapshot(chain);
    const moved = await token.transfer(m.address, units('20'));
    expect(await scan()).toMatchObject({ recorded: 1 });
    await revert(chain, before);
    await mine(chain, 2);
    const again = await resend(chain, moved.raw);
    expect(again.hash).toBe(moved.hash);
    expect(again.blockNumber).toBe(moved.blockNumber + 2n);
    expect(await scan()).toMatchObject({ moved: 1, dropped: 0, credited: 0 });
    expect((await records(m)).list[0]).toMatchObject({ status: 'Pending', confirmations: 1 });
    await mine(chain, 2);
    expect(await scan()).toMatchObject({ credited: 1 });

    // Dropped, then included again: the same record becomes Pending and is credited.
    before = await snapshot(chain);
    const back = await token.transfer(m.address, units('15'));
    expect(await scan()).toMatchObject({ recorded: 1 });
    await revert(chain, before);
    await mine(chain, 1);
    expect(await scan()).toMatchObject({ dropped: 1 });
    expect((await records(m)).list[0]).toMatchObject({ txHash: back.hash, status: 'Dropped' });
    await resend(chain, back.raw);
    await scan();
    expect((await records(m)).list[0]).toMatchObject({ txHash: back.hash, status: 'Pending', reason: null });
    await mine(chain, 2);
    expect(await scan()).toMatchObject({ credited: 1 });

    const list = (await records(m)).list;
    expect(list.map((d: { txHash: string; status: string }) => [d.txHash, d.status])).toEqual([
      [back.hash, 'Arrived'],
      [moved.hash, 'Arrived'],
    ]);
    expect(await available(m)).toBe(usdt('35'));
  });

  it('records a deposit below the minimum and shows why it was not credited', async () => {
    const m = await newMember();
    const sent = await token.transfer(m.address, units('9.99'));
    await scan();
    await mine(chain, 3);
    await scan();
    expect((await records(m)).list).toEqual([
      expect.objectContaining({
        txHash: sent.hash,
        amount: usdt('9.99'),
        status: 'Below minimum',
        reason: 'Below the minimum deposit of 10 USDT, so it was not credited; please contact support',
      }),
    ]);
    const german = await records(m, '', { language: 'de_DE' });
    expect(german.list[0].reason).toBe('Unter der Mindesteinzahlung von 10 USDT, daher nicht gutgeschrieben; bitte wenden Sie sich an den Support');
    expect(await available(m)).toBe('0');
  });

  it('refuses to watch a token whose decimals differ from USDT_DECIMALS', async () => {
    const sixDecimals = await deployToken(chain, { decimals: 6 });
    const config = chainConfig({ tokenAddress: sixDecimals.address });
    await withChainConfig(config, async () => {
      const m = await newMember();
      await sixDecimals.transfer(m.address, units('50', 6));
      await mine(chain, 3);
      expect(await scan(config)).toEqual({ status: 'decimalsMismatch', chainId: 31337, onChain: 6, configured: 18 });
      const lines: string[] = [];
      const log = { info: (l: string) => lines.push(`info ${l}`), warn: (l: string) => lines.push(`warn ${l}`), error: (l: string) => lines.push(`error ${l}`) };
      const watcher = startChainWatcher(ctx.db, config, ctx.clock, log);
      expect(await watcher.firstPass).toMatchObject({ status: 'decimalsMismatch' });
      expect(watcher.running).toBe(false);
      expect(lines.filter((l) => l.startsWith('error'))).toEqual([
        `error USDT deposit watcher stopped: the token contract ${sixDecimals.address} on chain 31337 has 6 decimals but USDT_DECIMALS is 18; nothing is credited until this is fixed`,
      ]);
      const data = await info(m);
      expect(data).toMatchObject({
        enabled: false,
        reason: 'decimalsMismatch',
        address: null,
        message: "The server's USDT settings do not match the token contract",
      });
      expect((await records(m)).total).toBe(0);
      expect(await available(m)).toBe('0');
    });
  });

  it('says so, once in the log and on the recharge screen, when the watcher is off', async () => {
    const m = await newMember();
    for (const [config, reason, line, message] of [
      [chainConfig({ rpcUrl: '' }), 'noRpc', 'CHAIN_RPC_URL is not set', 'The server is not connected to BNB Smart Chain'],
      [chainConfig({ depositXpub: '' }), 'noXpub', 'DEPOSIT_XPUB is not set', 'No deposit address key is configured on the server'],
    ] as const) {
      const lines: string[] = [];
      const log = { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
      const watcher = startChainWatcher(ctx.db, config, ctx.clock, log);
      expect(await watcher.firstPass).toEqual({ status: 'off', reason });
      expect(watcher.running).toBe(false);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(line);
      expect(await scan(config)).toEqual({ status: 'off', reason });
      await withChainConfig(config, async () => {
        expect(await info(m)).toMatchObject({ enabled: false, reason, message, address: null, minimum: usdt('10'), confirmations: 3 });
        expect((await info(m, { language: 'fr_FR' })).message).toMatch(/^(Le serveur n'est pas connecté|Aucune clé d'adresses de dépôt)/);
      });
    }
    // Without the variables the app starts with the watcher off; a private key is refused outright.
    expect(loadConfig({}).chain).toMatchObject({ rpcUrl: '', depositXpub: '', confirmations: 20, decimals: 18, minimum: parseAmount('10') });
    expect(() => loadConfig({ DEPOSIT_XPUB: 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi' })).toThrow(
      /extended PUBLIC key/,
    );
  });

  it('shows a member only their own deposits, page by page', async () => {
    const a = await newMember();
    const b = await newMember();
    const first = await token.transfer(a.address, units('10'));
    const second = await token.transfer(a.address, units('10.5'));
    const theirs = await token.transfer(b.address, units('40'));
    await scan();
    const mine1 = await records(a, '?pageNum=1&pageSize=1');
    expect(mine1.total).toBe(2);
    expect(mine1.list.map((d: { txHash: string }) => d.txHash)).toEqual([second.hash]);
    expect((await records(a, '?pageNum=2&pageSize=1')).list.map((d: { txHash: string }) => d.txHash)).toEqual([first.hash]);
    expect((await records(b)).list.map((d: { txHash: string }) => d.txHash)).toEqual([theirs.hash]);
    await mine(chain, 3);
    await scan();
  });

  it('counts the default 20 confirmations', async () => {
    const config = chainConfig({ confirmations: 20 });
    await withChainConfig(config, async () => {
      const m = await newMember();
      await token.transfer(m.address, units('12'));
      await scan(config);
      await mine(chain, 18);
      await scan(config);
      expect((await records(m)).list[0]).toMatchObject({ status: 'Pending', confirmations: 19, required: 20 });
      expect(await available(m)).toBe('0');
      await mine(chain, 1);
      expect(await scan(config)).toMatchObject({ credited: 1 });
      expect((await records(m)).list[0]).toMatchObject({ status: 'Arrived', confirmations: 20, required: 20 });
      expect(await available(m)).toBe(usdt('12'));
    });
  });

  it('reads one eth_getLogs per block range however many deposit addresses, and credits ours among noise once', async () => {
    // 10 000 stored deposit addresses: the old topic filter took 100 getLogs per range for them.
    const at = ctx.clock().toISOString();
    const bulk = 10_000;
    for (let start = 0; start < bulk; start += 500) {
      const batch = Array.from({ length: Math.min(500, bulk - start) }, (_, i) => start + i);
      const users = await ctx.db.kysely
        .insertInto('users')
        .values(batch.map((n) => ({ phone: `94${String(n).padStart(8, '0')}`, password_hash: 'x', name: `bulk ${n}`, invite_code: `BULK${n}`, inviter_id: null, head_url: null, vip_level: 0, grade: 0, mark_headbg_url: null, mark_text: null, timezone_type: null, created_at: at })))
        .returning('id')
        .execute();
      await ctx.db.kysely
        .insertInto('deposit_addresses')
        .values(users.map((u) => ({ user_id: u.id, address: keccak256(toHex(`bulk ${u.id}`)).slice(0, 42), derivation_index: u.id, created_at: at })))
        .execute();
    }
    const a = await newMember();
    const b = await newMember();
    const stored = await ctx.db.kysely.selectFrom('deposit_addresses').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBeGreaterThan(bulk);

    // Ours among transfers to addresses that are not ours (in mixed case on the chain, lower case in the database).
    const noise = Array.from({ length: 6 }, (_, i) => getAddress(keccak256(toHex(`not ours ${i}`)).slice(0, 42)));
    const ours = [
      await token.transfer(noise[0], units('50')),
      await token.transfer(a.address, units('10')),
      await token.transfer(noise[1], units('70')),
      await token.transfer(b.address, units('20')),
      await token.transfer(noise[2], units('80')),
      await token.transfer(a.address, units('30')),
      await token.transfer(noise[3], units('90')),
    ].filter((_, i) => i % 2 === 1);
    for (const address of noise.slice(4)) await token.transfer(address, units('5'));
    await mine(chain, 3);

    const counter = await startRpcCounter(chain);
    try {
      const config = chainConfig({ rpcUrl: counter.rpcUrl, scanBlocks: 3 });
      const result = await scan(config);
      if (result.status !== 'ok') throw new Error(`scan: ${result.status}`);
      const ranges = Math.ceil((result.toBlock - result.fromBlock + 1) / 3);
      expect(ranges).toBeGreaterThanOrEqual(4);
      expect(result).toMatchObject({ recorded: 3, credited: 3 });
      expect(counter.counts().eth_getLogs).toBe(ranges);

      // A rescan of the same blocks finds the same logs and credits nothing again.
      counter.reset();
      await ctx.db.kysely.updateTable('chain_cursors').set({ last_scanned_block: result.fromBlock - 1 }).where('token_address', '=', token.address.toLowerCase()).execute();
      expect(await scan(config)).toMatchObject({ status: 'ok', fromBlock: result.fromBlock, recorded: 0, credited: 0 });
      expect(counter.counts().eth_getLogs).toBe(ranges);
    } finally {
      await counter.close();
    }
    expect(await available(a)).toBe(usdt('40'));
    expect(await available(b)).toBe(usdt('20'));
    const recorded = await ctx.db.kysely.selectFrom('chain_deposits').select(['tx_hash', 'status']).where('tx_hash', 'in', ours.map((t) => t.hash)).execute();
    expect(recorded.map((r) => r.status)).toEqual(['Arrived', 'Arrived', 'Arrived']);
    const strays = await ctx.db.kysely.selectFrom('chain_deposits').select('id').where('address', 'in', noise.map((n) => n.toLowerCase())).execute();
    expect(strays).toEqual([]);
  });
});

describe('npm run admin -- chain:scan | chain:status (SQLite)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await seededDataDir('rigshare-chain-admin-');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The chain settings are cleared first, so only `env` turns the watcher on. */
  const admin = async (env: Record<string, string>, ...args: string[]) => (await runAdmin(dir, args, { CHAIN_RPC_URL: '', DEPOSIT_XPUB: '', ...env })).out;

  it('scans once and reports the cursor and the deposits', async () => {
    const token = await deployToken(chain);
    const env = { CHAIN_RPC_URL: chain.rpcUrl, DEPOSIT_XPUB: testXpub(), USDT_TOKEN_ADDRESS: token.address, DEPOSIT_CONFIRMATIONS: '3' };
    expect(await admin({}, 'chain:scan')).toContain('CHAIN_RPC_URL is not set');
    expect(await admin(env, 'chain:scan')).toMatch(/^chain 31337 head \d+: scanned blocks \d+\.\.\d+, 0 new deposit\(s\), 0 credited/);
    const status = await admin(env, 'chain:status');
    expect(status).toContain(`USDT deposits on: token ${token.address}, 3 confirmations, minimum 10.00 USDT`);
    expect(status).toMatch(new RegExp(`chain 31337 token ${token.address.toLowerCase()} \\(18 decimals\\): scanned \\d+\\.\\.\\d+, head \\d+`));
  }, 120_000);
});
