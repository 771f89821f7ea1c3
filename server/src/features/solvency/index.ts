/** The public solvency page's feature (docs/solvency.md): hourly Merkle sum snapshots, reserves, proofs. */
export { solvencyRoutes } from './routes';
export { bankBalances, declareBankBalance, memberProof, solvencyView } from './service';
export { readLedger, snapshotIfDue, startSolvencySnapshots, takeSnapshot, type SnapshotResult } from './snapshot';
