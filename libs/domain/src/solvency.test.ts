import { buildSumTree, leafNode, memberHash, rootFromProof, sumTreeProof, verifySolvencyProof, webCryptoSha256 } from './solvency';

describe('the solvency Merkle sum tree', () => {
  const members = [
    { id: 7, nonce: 'aa', balance: 100n },
    { id: 9, nonce: 'bb', balance: 0n },
    { id: 12, nonce: 'cc', balance: 55_500_000n },
  ];
  const leaves = () => Promise.all(members.map(async (m) => leafNode(await memberHash(m.id, m.nonce), m.balance)));

  it('hashes a member as sha256 of the documented text (`printf rigshare-solvency-member:7:aa | sha256sum`)', async () => {
    expect(await memberHash(7, 'aa')).toBe('a6d5bd3fc4acb2c9437a886049f85b3d5a498ab1f3f8713077aeea5f8d1a17ea');
  });

  it('commits the sum of every balance in the root and proves each member, odd counts padded', async () => {
    const levels = await buildSumTree(await leaves(), webCryptoSha256);
    const root = levels[levels.length - 1][0];
    expect(root.sum).toBe(55_500_100n);
    for (const [i, m] of members.entries()) {
      const proof = sumTreeProof(levels, i);
      expect(await verifySolvencyProof({ memberId: m.id, nonce: m.nonce, balance: m.balance, proof, root: root.hash, total: root.sum })).toBe(true);
      expect(await verifySolvencyProof({ memberId: m.id, nonce: m.nonce, balance: m.balance + 1n, proof, root: root.hash, total: root.sum })).toBe(false);
    }
  });

  it('refuses a proof whose sibling sum was lowered to shrink the total (the root changes)', async () => {
    const levels = await buildSumTree(await leaves());
    const root = levels[levels.length - 1][0];
    const proof = sumTreeProof(levels, 0).map((s, i) => (i === 1 ? { ...s, sum: s.sum - 1n } : s));
    const recomputed = await rootFromProof(levels[0][0], proof);
    expect(recomputed.hash).not.toBe(root.hash);
    expect(await verifySolvencyProof({ memberId: 7, nonce: 'aa', balance: 100n, proof: sumTreeProof(levels, 0).map((s) => ({ ...s, sum: -1n })), root: root.hash, total: root.sum })).toBe(false);
  });
});
