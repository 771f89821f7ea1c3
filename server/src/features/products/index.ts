/** The products feature's public module. */
export { productAgreement } from './agreement';
export { productRoutes } from './routes';
