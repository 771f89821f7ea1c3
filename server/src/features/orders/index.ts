/** The orders feature's public module. */
export { orderRoutes } from './routes';
// The demo seed buys through the purchase service inside its own transaction.
export { buyInTransaction } from './service';
export { delayReasonText } from './views';
export { sellBackRoutes } from './sell-back-routes';
