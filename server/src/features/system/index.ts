/** The system feature's public module. */
export { systemRoutes } from './routes';
