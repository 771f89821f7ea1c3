/** The messages feature's public module: the member's own messages, and how other features add one. */
export { messageRoutes } from './routes';
export { notifyMember } from './service';
export { allNews, publishNews, unpublishNews } from './news';
export { openFeedback, replyToFeedback } from './feedback';
