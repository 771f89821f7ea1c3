/** The public solvency page and the member's Merkle proof (host /api/assets), docs/solvency.md. */
import { AUTH, errors, Id, Micro, Nullable, Ok, Time, Type, type Static } from './common';

const solvency = ['solvency'];
const Hex = (description: string) => Type.String({ pattern: '^[0-9a-f]{64}$', description });

export const SolvencySnapshot = Type.Object({
  id: Type.Integer(),
  takenAt: Time(),
  root: Hex('Merkle sum tree root (SHA-256, hex).'),
  leafCount: Type.Integer({ minimum: 0 }),
  memberAvailable: Micro('Sum of members\' available balances.'),
  memberHeld: Micro('Sum of members\' held balances (income arriving, withdrawals waiting).'),
  memberPendingIncome: Micro('Sum of income owed to members, not yet taken out.'),
  memberLiabilities: Micro('available + held + pending income: what the platform owes members; the root\'s sum.'),
  revenuePool: Micro('Mining revenue recorded and not yet paid as income.'),
  rewardsBudget: Micro('What the rewards budget still holds.'),
});
export type SolvencySnapshot = Static<typeof SolvencySnapshot>;

export const ReserveAddress = Type.Object({
  address: Type.String(),
  explorerUrl: Type.String(),
  balance: Nullable(Micro('Token balance at the snapshot, micro-units; null when the read failed.')),
  blockNumber: Nullable(Type.String({ pattern: '^[0-9]+$' })),
  error: Nullable(Type.String()),
});
export type ReserveAddress = Static<typeof ReserveAddress>;

export const BankBalance = Type.Object({ name: Type.String(), amount: Micro('USDT equivalent declared by finance.'), asOf: Type.String({ description: 'YYYY-MM-DD.' }), declaredAt: Time() });
export type BankBalance = Static<typeof BankBalance>;

export const Solvency = Type.Object({
  currency: Type.Literal('USDT'),
  reservesConfigured: Type.Boolean({ description: 'False when no chain RPC or no reserve address is configured.' }),
  snapshot: Nullable(SolvencySnapshot),
  reserves: Type.Array(ReserveAddress),
  onChainTotal: Micro(),
  bankBalances: Type.Array(BankBalance),
  bankTotal: Micro(),
});
export type Solvency = Static<typeof Solvency>;

export const SolvencyProofStep = Type.Object({
  side: Type.Union([Type.Literal('left'), Type.Literal('right')], { description: 'Where the sibling sits in the pair.' }),
  hash: Hex('Sibling node hash.'),
  sum: Micro('Sibling node sum.'),
});
export const SolvencyProof = Type.Object({
  snapshotId: Type.Integer(),
  takenAt: Time(),
  root: Hex('The snapshot root.'),
  total: Micro('The root\'s sum: member liabilities.'),
  memberId: Type.Integer(),
  nonce: Type.String({ description: 'The member\'s salt in this snapshot (hex); member hash = sha256("rigshare-solvency-member:" + id + ":" + nonce).' }),
  balance: Micro('The member\'s leaf: available + held + pending income.'),
  leafHash: Hex('The leaf hash.'),
  proof: Type.Array(SolvencyProofStep),
});
export type SolvencyProof = Static<typeof SolvencyProof>;

export const solvencySchemas = {
  solvency: { tags: solvency, summary: 'The latest solvency snapshot, reserves and bank balances (no login)', response: { 200: Ok(Solvency), ...errors() } },
  proof: {
    tags: solvency,
    summary: "The member's leaf and Merkle proof (null when the member had no balance account at the snapshot)",
    querystring: Type.Object({ snapshotId: Type.Optional(Id({ description: 'An older snapshot; the newest by default.' })) }),
    response: { 200: Ok(Nullable(SolvencyProof)), ...errors(...AUTH) },
  },
};
