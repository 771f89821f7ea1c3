/**
 * The solvency Merkle *sum* tree (docs/solvency.md), shared by the server that builds it and the browser
 * that checks a member's proof. Every node commits to the sums of its children, so a proof shows both
 * that the member's balance is in the tree and that it is counted in the published total (a plain Merkle
 * tree proves inclusion only: the operator could publish any total beside its root).
 *
 *   member hash = sha256("rigshare-solvency-member:" || member id || ":" || member nonce)
 *   leaf        = sha256(0x00 || member hash || u64be(balance)),                          sum = balance
 *   node        = sha256(0x01 || left hash || u64be(left sum) || right hash || u64be(right sum)), sum = left + right
 *
 * A level with an odd number of nodes gets an empty node (32 zero bytes, sum 0) on the right.
 * Hashing is SHA-256 through WebCrypto (`crypto.subtle`, in browsers and Node 20 alike) unless the
 * caller passes another implementation of the same function.
 */

export type Sha256 = (data: Uint8Array) => Promise<Uint8Array>;

interface SubtleLike {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
}

/** SHA-256 with WebCrypto. */
export const webCryptoSha256: Sha256 = async (data) => {
  const subtle = (globalThis as unknown as { crypto?: { subtle?: SubtleLike } }).crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto (crypto.subtle) is not available here');
  return new Uint8Array(await subtle.digest('SHA-256', data));
};

/** The largest balance a leaf holds: 8 bytes unsigned. */
export const MAX_LEAF_BALANCE = (1n << 64n) - 1n;

export interface SumNode {
  /** 64 hex digits. */
  hash: string;
  /** Micro-units. */
  sum: bigint;
}

/** One step of a proof, from the leaf up: the sibling node and which side of the pair it sits on. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
  sum: bigint;
}

const EMPTY: SumNode = { hash: '0'.repeat(64), sum: 0n };

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function fromHex(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new Error(`Not lower-case hex: ${hex.slice(0, 16)}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function u64(value: bigint): Uint8Array {
  if (value < 0n || value > MAX_LEAF_BALANCE) throw new Error(`Sum out of range: ${value}`);
  const out = new Uint8Array(8);
  let v = value;
  for (let i = 7; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** What a member recomputes from their id and the nonce they are given with their proof. */
export async function memberHash(memberId: number, nonce: string, sha256: Sha256 = webCryptoSha256): Promise<string> {
  if (!Number.isSafeInteger(memberId) || memberId < 1) throw new Error(`Not a member id: ${memberId}`);
  // ASCII only (a decimal id, a hex nonce), so one byte per character is its UTF-8.
  const text = `rigshare-solvency-member:${memberId}:${nonce}`;
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error('The nonce must be printable ASCII');
  return toHex(await sha256(Uint8Array.from(text, (c) => c.charCodeAt(0))));
}

export async function leafNode(memberHashHex: string, balance: bigint, sha256: Sha256 = webCryptoSha256): Promise<SumNode> {
  return { hash: toHex(await sha256(concat([Uint8Array.of(0), fromHex(memberHashHex), u64(balance)]))), sum: balance };
}

async function parent(left: SumNode, right: SumNode, sha256: Sha256): Promise<SumNode> {
  const sum = left.sum + right.sum;
  const bytes = concat([Uint8Array.of(1), fromHex(left.hash), u64(left.sum), fromHex(right.hash), u64(right.sum)]);
  // u64(sum) refuses a total past 8 bytes instead of letting it wrap.
  u64(sum);
  return { hash: toHex(await sha256(bytes)), sum };
}

/** Every level of the tree, leaves first, root last (an empty tree is one empty node). */
export async function buildSumTree(leaves: SumNode[], sha256: Sha256 = webCryptoSha256): Promise<SumNode[][]> {
  const levels: SumNode[][] = [leaves.length > 0 ? leaves : [EMPTY]];
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1];
    const above: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) above.push(await parent(below[i], below[i + 1] ?? EMPTY, sha256));
    levels.push(above);
  }
  return levels;
}

/** The proof of the leaf at `index`: its siblings from the bottom up. */
export function sumTreeProof(levels: SumNode[][], index: number): ProofStep[] {
  const steps: ProofStep[] = [];
  let i = index;
  for (let level = 0; level < levels.length - 1; level++) {
    const isRight = i % 2 === 1;
    const sibling = levels[level][isRight ? i - 1 : i + 1] ?? EMPTY;
    steps.push({ side: isRight ? 'left' : 'right', hash: sibling.hash, sum: sibling.sum });
    i = Math.floor(i / 2);
  }
  return steps;
}

/** The root a leaf and its proof lead to (throws on malformed input: a negative or oversized sum, bad hex). */
export async function rootFromProof(leaf: SumNode, proof: ProofStep[], sha256: Sha256 = webCryptoSha256): Promise<SumNode> {
  let node = leaf;
  for (const step of proof) {
    const sibling = { hash: step.hash, sum: step.sum };
    node = step.side === 'left' ? await parent(sibling, node, sha256) : await parent(node, sibling, sha256);
  }
  return node;
}

/**
 * The member's check: their hash from id and nonce, their leaf from it and their balance, up the proof,
 * and the result equal to the published root AND the published total. False on any mismatch or bad input.
 */
export async function verifySolvencyProof(
  input: { memberId: number; nonce: string; balance: bigint; proof: ProofStep[]; root: string; total: bigint },
  sha256: Sha256 = webCryptoSha256,
): Promise<boolean> {
  try {
    const leaf = await leafNode(await memberHash(input.memberId, input.nonce, sha256), input.balance, sha256);
    const root = await rootFromProof(leaf, input.proof, sha256);
    return root.hash === input.root && root.sum === input.total;
  } catch {
    return false;
  }
}
