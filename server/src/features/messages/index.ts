/** The messages feature's public module: the member's own messages (other features add one with notifyMember of src/notices). */
export { homeContentRoutes, messageRoutes } from './routes';
export { sendStaffMessage } from './service';
export { allCarousel, allNotices, type NoticeKind, publishCarousel, publishNotice, unpublishCarousel, unpublishNotice } from './home-content';
export { allVideos, publishVideo, unpublishVideo } from './home-videos';
export { allNews, publishNews, unpublishNews } from './news';
export { feedbackAttachment, openFeedback, replyToFeedback } from './feedback';
