/** The orders feature's public module. */
export { orderRoutes } from './routes';
export { REQUEST_ID_PATTERN } from './purchase';
export { delayReasonText } from './views';
