/**
 * The console's content section: news and station notices, the home page's scrolling and pop-up notices,
 * carousel and videos, the wallet page's notices, the invite message, and push messages. Each route but the
 * invite message's calls the service the command line's news:*, notice:*, carousel:*, video:* and push:send
 * commands call; staff text is plain and shown as written.
 */
import { errors, NoFields, Ok, Text, Time, Type, type Static } from './common';
import { action, GUARD, list, tags, type AdminRouteSpec } from './admin-common';

const Published = { active: Type.Boolean({ description: 'false once unpublished (rows are never deleted).' }) };

export const AdminNews = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('news'), Type.Literal('notice')], { description: 'news: the News list; notice: station notices (/user/news).' }),
  title: Type.String(),
  content: Type.String(),
  publishedAt: Time(),
  ...Published,
});
export type AdminNews = Static<typeof AdminNews>;
export const NewsDraft = Type.Object({ kind: Type.Union([Type.Literal('news'), Type.Literal('notice')]), title: Text(200, { minLength: 1 }), content: Text(8000, { minLength: 1 }) });
export type NewsDraft = Static<typeof NewsDraft>;

const NoticeKind = Type.Union([Type.Literal('scroll'), Type.Literal('popup'), Type.Literal('wallet')], {
  description: "scroll: the home page's scrolling line; popup: shown to each member once; wallet: on the wallet page.",
});

export const AdminNotice = Type.Object({
  id: Type.Integer(),
  kind: NoticeKind,
  title: Type.String({ description: 'Pop-up notices, and wallet notices that have one; empty for a scrolling one.' }),
  content: Type.String(),
  createdAt: Time(),
  ...Published,
});
export type AdminNotice = Static<typeof AdminNotice>;
export const NoticeDraft = Type.Object({
  kind: NoticeKind,
  title: Type.Optional(Text(200, { description: 'Required for a pop-up notice, optional for a wallet notice, none for a scrolling one.' })),
  content: Text(2000, { minLength: 1 }),
});
export type NoticeDraft = Static<typeof NoticeDraft>;

export const AdminBanner = Type.Object({ id: Type.Integer(), title: Type.String(), subtitle: Type.String(), imageUrl: Type.String(), link: Type.String(), sort: Type.Integer(), ...Published });
export type AdminBanner = Static<typeof AdminBanner>;
export const BannerDraft = Type.Object({
  title: Text(200, { minLength: 1 }),
  subtitle: Type.Optional(Text(300)),
  image: Text(500, { minLength: 1, description: 'An https URL, or /api/user/static/<name>.svg or /api/user/files/<id> of this server.' }),
  link: Type.Optional(Text(500, { description: 'An https URL or an app route (#/...); empty: no link.' })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, description: 'Lower shows first.' })),
});
export type BannerDraft = Static<typeof BannerDraft>;

const VideoPlacement = Type.Union([Type.Literal('carousel'), Type.Literal('home')], { description: 'carousel: the home video carousel; home: the home video (the newest published one shows).' });
export const AdminVideo = Type.Object({ id: Type.Integer(), placement: VideoPlacement, title: Type.String(), videoUrl: Type.String(), posterUrl: Type.String(), sort: Type.Integer(), createdAt: Time(), ...Published });
export type AdminVideo = Static<typeof AdminVideo>;
export const VideoDraft = Type.Object({
  placement: VideoPlacement,
  title: Text(200, { minLength: 1 }),
  video: Text(500, { minLength: 1, description: 'An https URL of an .mp4 or .webm video, or /api/user/files/<id> of this server.' }),
  poster: Text(500, { minLength: 1, description: 'The poster frame shown before play: an https URL, or /api/user/static/<name>.svg or /api/user/files/<id> of this server.' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'Lower shows first.' })),
});
export type VideoDraft = Static<typeof VideoDraft>;

export const PushDraft = Type.Object({
  to: Text(30, { minLength: 1, description: "A member's phone, id:<member id>, or all." }),
  title: Text(200, { minLength: 1 }),
  content: Text(2000, { minLength: 1 }),
});
export type PushDraft = Static<typeof PushDraft>;
export const PostForMemberDraft = Type.Object({
  to: Text(30, { minLength: 1, description: "The member: a phone (national numbers in the default country) or id:<member id>." }),
  content: Text(5000, { minLength: 1 }),
  videoUrl: Type.Optional(Text(500, { description: 'An http(s) video link; empty: none.' })),
});
export type PostForMemberDraft = Static<typeof PostForMemberDraft>;
export const PushResult = Type.Object({ count: Type.Integer({ minimum: 0, description: 'How many members got the message.' }), target: Type.String() });
export type PushResult = Static<typeof PushResult>;

export const INVITE_PLACEHOLDERS = ['{link}', '{code}'] as const;
export const INVITE_MESSAGE_MAX = 500;
export const AdminInviteMessage = Type.Object({
  texts: Type.Record(Type.String(), Type.String(), { description: 'The message per locale tag (en-US, hi-IN, ...); a language without one shows the English.' }),
  updatedBy: Type.Union([Type.String(), Type.Null()], { description: "Who last set it; null while members get the app's own translated text." }),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});
export type AdminInviteMessage = Static<typeof AdminInviteMessage>;
export const InviteMessageDraft = Type.Object({
  texts: Type.Record(Type.String(), Type.String(), {
    description: `Per locale tag, at most ${INVITE_MESSAGE_MAX} characters (the service refuses a longer one, saying which); en-US is required, an empty other language falls back to it. Placeholders: {link} (the member's invite link, added at the end when absent) and {code} (their invite code); any other {...} is refused.`,
  }),
});
export type InviteMessageDraft = Static<typeof InviteMessageDraft>;

const PublishedRow = Type.Object({ id: Type.Integer() });
const publish = <B extends ReturnType<typeof Type.Object>>(summary: string, body: B) => ({ tags, summary, body, response: { 200: Ok(PublishedRow), ...errors(...GUARD, 409) } }) as const;

export const contentAdminSchemas = {
  contentNews: list('News items and station notices, newest first, published or not', AdminNews),
  contentNewsPublish: publish('Publishes a news item or a station notice at once', NewsDraft),
  contentNewsUnpublish: action('Hides a published news item or notice (never deleted)', NoFields, PublishedRow),
  contentNotices: list('Scrolling and pop-up notices of the home page and notices of the wallet page, newest first', AdminNotice),
  contentNoticePublish: publish('Publishes a scrolling notice, a pop-up notice (each member sees a pop-up once) or a wallet-page notice', NoticeDraft),
  contentNoticeUnpublish: action('Takes a notice off the home or wallet page', NoFields, PublishedRow),
  contentInviteMessage: { tags, summary: 'The invite message members share, per language', response: { 200: Ok(AdminInviteMessage), ...errors(...GUARD) } },
  contentInviteMessageSet: {
    tags,
    summary: 'Sets the invite message in every language at once (audit row with the texts before)',
    body: InviteMessageDraft,
    response: { 200: Ok(AdminInviteMessage), ...errors(...GUARD, 409) },
  },
  contentCarousel: list('The home carousel banners, newest first', AdminBanner),
  contentCarouselPublish: publish('Adds a banner to the home carousel', BannerDraft),
  contentCarouselUnpublish: action('Takes a banner off the home carousel', NoFields, PublishedRow),
  contentVideos: list('The home videos (carousel and home video), newest first', AdminVideo),
  contentVideoPublish: publish('Publishes a video on the home page (carousel or home video)', VideoDraft),
  contentVideoUnpublish: action('Takes a video off the home page', NoFields, PublishedRow),
  contentPush: { tags, summary: 'Sends a message to one member or to every member (their messages and unread badge)', body: PushDraft, response: { 200: Ok(PushResult), ...errors(...GUARD, 404, 409) } },
  contentPostForMember: {
    tags,
    summary: "Publishes a post on a member's behalf, marked \"posted by staff\" with the staff member's console role; the author is the staff session's login (audit row)",
    body: PostForMemberDraft,
    response: { 200: Ok(PublishedRow), ...errors(...GUARD, 404, 409) },
  },
} as const;

export const CONTENT_ADMIN_ROUTES = {
  contentNews: { method: 'GET', url: '/admin/content/news', roles: ['content'] },
  contentNewsPublish: { method: 'POST', url: '/admin/content/news', roles: ['content'] },
  contentNewsUnpublish: { method: 'POST', url: '/admin/content/news/:id/unpublish', roles: ['content'] },
  contentNotices: { method: 'GET', url: '/admin/content/notices', roles: ['content'] },
  contentNoticePublish: { method: 'POST', url: '/admin/content/notices', roles: ['content'] },
  contentNoticeUnpublish: { method: 'POST', url: '/admin/content/notices/:id/unpublish', roles: ['content'] },
  contentInviteMessage: { method: 'GET', url: '/admin/content/invite-message', roles: ['content'] },
  contentInviteMessageSet: { method: 'POST', url: '/admin/content/invite-message', roles: ['content'] },
  contentCarousel: { method: 'GET', url: '/admin/content/carousel', roles: ['content'] },
  contentCarouselPublish: { method: 'POST', url: '/admin/content/carousel', roles: ['content'] },
  contentCarouselUnpublish: { method: 'POST', url: '/admin/content/carousel/:id/unpublish', roles: ['content'] },
  contentVideos: { method: 'GET', url: '/admin/content/videos', roles: ['content'] },
  contentVideoPublish: { method: 'POST', url: '/admin/content/videos', roles: ['content'] },
  contentVideoUnpublish: { method: 'POST', url: '/admin/content/videos/:id/unpublish', roles: ['content'] },
  contentPush: { method: 'POST', url: '/admin/content/push', roles: ['content'] },
  contentPostForMember: { method: 'POST', url: '/admin/content/post-for-member', roles: ['content'] },
} as const satisfies Record<keyof typeof contentAdminSchemas, AdminRouteSpec>;
