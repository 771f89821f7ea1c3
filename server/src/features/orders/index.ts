/** The orders feature's public module. */
export { orderRoutes } from './routes';
export { REQUEST_ID_PATTERN } from './purchase';
// The demo seed buys through the purchase service inside its own transaction.
export { buyInTransaction } from './service';
export { delayReasonText } from './views';
export { sellBackRoutes } from './sell-back-routes';
