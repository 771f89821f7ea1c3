/** The team feature's public module (team info and lists; rewards are paid by jobs/rewards.ts from the rewards budget). */
export { teamRoutes } from './routes';
export { teamInfo, teamList } from './service';
export { pendingSubmissions, reviewSubmission, type PendingSubmission } from './submissions';
