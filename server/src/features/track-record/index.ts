/** The track record feature's public module: what products and orders actually paid, from the ledger. */
export { trackRecordRoutes } from './routes';
export { orderTrackRecord, productTrackRecord } from './service';
