/** The system feature's public module. */
export { healthRoutes } from './health';
export { systemRoutes } from './routes';
export { appReleases, publishAppRelease, type AppRelease, type AppReleaseDraft } from './app-versions';
