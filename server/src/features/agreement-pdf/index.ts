/** The agreement PDF feature's public module. */
export { agreementPdfRoutes } from './routes';
