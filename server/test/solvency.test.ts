import { formatAmount, parseAmount, verifySolvencyProof, type ProofStep } from '@rigshare/domain';
import { deployToken, startDevChain, type DevChain } from '@rigshare/devchain';
import { sql } from 'kysely';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { parseUnits } from 'viem';
import { declareBankBalance, snapshotIfDue, solvencyView, takeSnapshot } from '../src/features/solvency';
import { checkLedger } from '../src/ledger/check';
import { adjust } from '../src/ledger/operator';
import { getAs, MANY_MEMBERS, runAdmin, seededDataDir, signedInMember, startApp, type TestContext, testDatabases, type TestMember } from './helpers';

jest.setTimeout(180_000);

interface ProofData {
  snapshotId: number;
  root: string;
  total: string;
  memberId: number;
  nonce: string;
  balance: string;
  proof: { side: 'left' | 'right'; hash: string; sum: string }[];
}

/** What the member's browser does with the proof: recompute the root (WebCrypto) and compare root and total. */
const verifies = (p: ProofData, against: { root: string; total: string } = p) =>
  verifySolvencyProof({
    memberId: p.memberId,
    nonce: p.nonce,
    balance: BigInt(p.balance),
    proof: p.proof.map((s): ProofStep => ({ side: s.side, hash: s.hash, sum: BigInt(s.sum) })),
    root: against.root,
    total: BigInt(against.total),
  });

let chain: DevChain;
beforeAll(async () => {
  chain = await startDevChain();
});
afterAll(async () => chain?.stop());

describe.each(testDatabases())('solvency on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx?.close());
  afterEach(async () => expect(await checkLedger(ctx.db.kysely)).toEqual([]));

  const page = async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/assets/solvency' });
    expect(reply.statusCode).toBe(200);
    return reply.json().data;
  };
  const proofOf = async (m: TestMember, query = '') => {
    const reply = await getAs(ctx, `/api/assets/solvency/proof${query}`, m.token);
    expect(reply.statusCode).toBe(200);
    return reply.json().data as ProofData;
  };
  /** The ledger's own sums, read independently of the feature. */
  const ledgerSum = async (where: 'members' | 'platform.revenue_pool' | 'platform.rewards_budget') => {
    const q = ctx.db.kysely.selectFrom('ledger_accounts').select(sql<string>`coalesce(sum(balance), 0)`.as('total'));
    const row = await (where === 'members'
      ? q.where('kind', 'in', ['member.available', 'member.held', 'member.pending_income']).where('owner_user_id', 'is not', null)
      : q.where('kind', '=', where).where('owner_user_id', 'is', null)
    ).executeTakeFirstOrThrow();
    return BigInt(row.total).toString();
  };

  it('is open without login, says when nothing is configured, and refuses the proof without a session', async () => {
    const before = await page();
    expect(before).toMatchObject({ currency: 'USDT', reservesConfigured: false, reserves: [] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/assets/solvency/proof' })).statusCode).toBe(401);
  });

  it('publishes totals equal to the ledger and a root each member verifies; after a ledger movement the old proof fails', async () => {
    const [a, b, c] = [await signedInMember(ctx, '100'), await signedInMember(ctx, '50.5'), await signedInMember(ctx, '7')];
    const first = await takeSnapshot(ctx.db, ctx.config, ctx.clock());
    const shown = await page();
    expect(shown.snapshot).toMatchObject({
      id: first.id,
      root: first.root,
      memberLiabilities: await ledgerSum('members'),
      revenuePool: await ledgerSum('platform.revenue_pool'),
      rewardsBudget: await ledgerSum('platform.rewards_budget'),
    });
    expect(BigInt(shown.snapshot.memberAvailable) + BigInt(shown.snapshot.memberHeld) + BigInt(shown.snapshot.memberPendingIncome)).toBe(
      BigInt(shown.snapshot.memberLiabilities),
    );
    expect(shown.snapshot.leafCount).toBeGreaterThanOrEqual(3);

    const oldA = await proofOf(a);
    const oldB = await proofOf(b);
    expect(oldA).toMatchObject({ snapshotId: first.id, root: first.root, total: shown.snapshot.memberLiabilities, memberId: a.id, balance: parseAmount('100').toString() });
    expect(oldB.balance).toBe(parseAmount('50.5').toString());
    expect(await verifies(oldA)).toBe(true);
    expect(await verifies(oldB)).toBe(true);
    // A leaf with another balance, or the right root with another total, does not verify.
    expect(await verifies({ ...oldA, balance: parseAmount('99').toString() })).toBe(false);
    expect(await verifies(oldA, { root: oldA.root, total: (BigInt(oldA.total) - 1n).toString() })).toBe(false);
    // Another member's nonce with my id does not give my leaf.
    expect(await verifies({ ...oldA, nonce: oldB.nonce })).toBe(false);

    // One real ledger movement: staff debit 30 USDT from member a, then a new snapshot.
    await adjust(ctx.db, { phone: a.phone, amount: '30', reason: 'Test correction', direction: 'debit', at: ctx.clock() });
    ctx.advance(3_600_000);
    const second = await takeSnapshot(ctx.db, ctx.config, ctx.clock());
    expect(second.root).not.toBe(first.root);
    const next = await page();
    expect(next.snapshot).toMatchObject({ id: second.id, root: second.root, memberLiabilities: await ledgerSum('members') });
    expect(BigInt(next.snapshot.memberLiabilities)).toBe(BigInt(shown.snapshot.memberLiabilities) - parseAmount('30'));

    // The old proof fails against the new root; the new one verifies with the new balance.
    expect(await verifies(oldA, { root: second.root, total: next.snapshot.memberLiabilities })).toBe(false);
    const newA = await proofOf(a);
    expect(newA).toMatchObject({ snapshotId: second.id, balance: parseAmount('70').toString() });
    expect(await verifies(newA)).toBe(true);
    // Member b's proof still verifies with its own snapshot, asked for again by id, and b's new proof with the new root.
    const againB = await proofOf(b, `?snapshotId=${first.id}`);
    expect(againB).toMatchObject({ root: first.root, balance: oldB.balance });
    expect(await verifies(againB, { root: first.root, total: shown.snapshot.memberLiabilities })).toBe(true);
    expect(await verifies(await proofOf(b))).toBe(true);
    expect(await verifies(await proofOf(c))).toBe(true);
  });

  it('answers null for a member who had no account at the snapshot, and shows the newest bank declaration per name', async () => {
    await takeSnapshot(ctx.db, ctx.config, ctx.clock());
    const late = await signedInMember(ctx);
    expect(await proofOf(late)).toBeNull();

    const at = ctx.clock();
    await declareBankBalance(ctx.db, { name: 'Operating account', amount: '1000', date: '2026-01-01', by: 'finance', at });
    await declareBankBalance(ctx.db, { name: 'Operating account', amount: '1250.5', date: '2026-01-31', by: 'finance', at });
    await declareBankBalance(ctx.db, { name: 'Reserve account', amount: '500', date: '2026-01-31', by: 'finance', at });
    await expect(declareBankBalance(ctx.db, { name: 'X', amount: '1', date: '2026-02-30', by: 'finance', at })).rejects.toThrow('Not a date');
    const shown = await page();
    expect(shown.bankBalances).toEqual([
      expect.objectContaining({ name: 'Operating account', amount: parseAmount('1250.5').toString(), asOf: '2026-01-31' }),
      expect.objectContaining({ name: 'Reserve account', amount: parseAmount('500').toString(), asOf: '2026-01-31' }),
    ]);
    expect(shown.bankTotal).toBe(parseAmount('1750.5').toString());
    const audit = await ctx.db.kysely.selectFrom('audit_log').select(['actor', 'target']).where('action', '=', 'solvency.declare-bank').execute();
    expect(audit).toEqual(expect.arrayContaining([{ actor: 'finance', target: 'Reserve account' }]));
  });

  it('takes the hourly snapshot once per interval, once across two servers', async () => {
    const config = { ...ctx.config, solvency: { ...ctx.config.solvency, intervalMs: 3_600_000 } };
    await takeSnapshot(ctx.db, config, ctx.clock());
    expect(await snapshotIfDue(ctx.db, config, ctx.clock())).toBeNull();
    ctx.advance(3_600_000);
    const other = ctx.reopen();
    try {
      const taken = await Promise.all([snapshotIfDue(ctx.db, config, ctx.clock()), snapshotIfDue(other, config, ctx.clock())]);
      expect(taken.filter((t) => t !== null)).toHaveLength(1);
    } finally {
      await other.kysely.destroy();
    }
    expect((await page()).snapshot.takenAt).toBe(ctx.clock().toISOString());
  });

  it('reads the token balance of each published address from the chain, linked to the explorer', async () => {
    const token = await deployToken(chain);
    const [funded, empty] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    await token.transfer(funded, parseUnits('1234.5678915', 18));
    const config = {
      chain: { ...ctx.config.chain, rpcUrl: chain.rpcUrl, tokenAddress: token.address, decimals: 18 },
      solvency: { ...ctx.config.solvency, addresses: [funded, empty], explorerAddressUrl: 'https://testnet.bscscan.com/address/{address}' },
    };
    const s = await takeSnapshot(ctx.db, config, ctx.clock());
    // Rounded down to micro-units.
    expect(s.reserves.map((r) => [r.address, r.balance])).toEqual([
      [funded, parseAmount('1234.567891')],
      [empty, 0n],
    ]);
    // What GET /solvency answers with this configuration (the app under test runs without a chain).
    const view = await solvencyView(ctx.db, config);
    expect(view.reservesConfigured).toBe(true);
    expect(view.reserves).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ address: funded, balance: parseAmount('1234.567891').toString(), explorerUrl: `https://testnet.bscscan.com/address/${funded}` }),
      ]),
    );
    expect(formatAmount(BigInt(view.onChainTotal))).toBe('1234.567891');
  });
});

describe('solvency commands', () => {
  it('declares a bank balance and takes a snapshot from the command line', async () => {
    const dir = await seededDataDir('rigshare-solvency-');
    const declared = await runAdmin(dir, ['solvency:declare-bank', 'Operating account', '2500', '--date', '2026-01-15', '--by', 'finance']);
    expect(declared).toMatchObject({ code: 0 });
    expect(declared.out).toContain('bank balance "Operating account": 2500.00 USDT as of 2026-01-15');
    const bad = await runAdmin(dir, ['solvency:declare-bank', 'Operating account', 'lots']);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('Not an amount');
    const snap = await runAdmin(dir, ['solvency:snapshot']);
    expect(snap).toMatchObject({ code: 0 });
    // The seed's demo member holds 1000 USDT; its three demo buyers are members too, and spent all they were given.
    expect(snap.out).toMatch(/solvency snapshot #1: root [0-9a-f]{64}, 4 member leaf\(s\), liabilities 1000\.00 USDT/);
  });
});
