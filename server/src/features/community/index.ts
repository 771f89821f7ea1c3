/** The community feature's public module: the member routes and staff's review and posting. */
export { communityRoutes } from './routes';
export { pendingPosts, postForMember, reviewPost, type PendingPost } from './review';
export { likePost, type CommunityLimits } from './service';
