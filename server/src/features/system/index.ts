/** The system feature's public module. */
export { healthRoutes } from './health';
export { systemRoutes } from './routes';
