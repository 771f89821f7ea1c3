/** Files, app version, banners, notices, links and health (host /api/user and every host's /health). */
import { AUTH, Binary, errors, Id, Nullable, Ok, Text, Type, type Static } from './common';

const files = ['files'];
const system = ['system'];

export const AppVersion = Type.Object({ version: Type.String(), downUrl: Type.String(), extra: Type.String(), compulsory: Type.Boolean() });
export type AppVersion = Static<typeof AppVersion>;
export const SysInfo = Type.Object({ operatorName: Type.String(), about: Type.String(), version: Type.String(), versionCode: Type.Integer() });
export type SysInfo = Static<typeof SysInfo>;
export const Banner = Type.Object({ id: Type.Integer(), title: Type.String(), subtitle: Type.String(), imageUrl: Type.String(), link: Type.String() });
export type Banner = Static<typeof Banner>;
export const HomeVideo = Type.Object({
  id: Type.Integer(),
  title: Type.String({ description: "In the member's language when staff gave one, else English." }),
  videoUrl: Type.String({ description: 'An absolute https URL of an .mp4 or .webm video.' }),
  posterUrl: Type.String({ description: 'An absolute URL of the poster frame shown before play.' }),
});
export type HomeVideo = Static<typeof HomeVideo>;
export const PopupNotice = Type.Object({ id: Type.Integer(), title: Type.String(), content: Type.String() });
export type PopupNotice = Static<typeof PopupNotice>;
export const WalletNotice = Type.Object({ id: Type.Integer(), title: Type.String({ description: 'May be empty.' }), content: Type.String() });
export type WalletNotice = Static<typeof WalletNotice>;
export const Link = Type.Object({ name: Type.String(), url: Type.String() });
export type Link = Static<typeof Link>;
export const ServiceLink = Type.Object({ appUrl: Nullable(Type.String()) });
export type ServiceLink = Static<typeof ServiceLink>;
export const AvatarChanged = Type.Object({ headUrl: Type.String() });
export type AvatarChanged = Static<typeof AvatarChanged>;

/** A multipart upload: documented for OpenAPI; the route reads the stream itself (the avatar part, at most 2 MB). */
export const AvatarUpload = Type.Object({
  avatar: Type.String({ contentMediaType: 'application/octet-stream', description: 'PNG, JPEG, WebP or GIF, at most 2 MB and 16 megapixels; decoded and stored encoded again.' }),
});

/** GET /health: what this process depends on. */
export const Health = Type.Object({
  alive: Type.Literal(true),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  redis: Type.Union([Type.Literal('off'), Type.Literal('up'), Type.Literal('down')], { description: "'off': no REDIS_URL; 'down': limits per process until Redis is back." }),
});
export type Health = Static<typeof Health>;

/** One check of GET /ready: 'ok', 'off' (not used by this deployment), 'down' or 'late', with how far behind. */
export const ReadyCheck = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('off'), Type.Literal('down'), Type.Literal('late')]),
  lagMs: Type.Optional(Type.Integer({ description: 'How long ago the job or watcher last finished a run or pass.' })),
  limitMs: Type.Optional(Type.Integer({ description: 'The lag above which this check fails.' })),
});
export type ReadyCheck = Static<typeof ReadyCheck>;
/** GET /ready: whether this instance should receive members' traffic, and why not. */
export const Readiness = Type.Object({
  ready: Type.Boolean(),
  database: ReadyCheck,
  redis: ReadyCheck,
  jobs: ReadyCheck,
  chainWatcher: ReadyCheck,
  sms: ReadyCheck,
});
export type Readiness = Static<typeof Readiness>;

export const systemSchemas = {
  processHealth: {
    tags: system,
    summary: 'Liveness and dependencies, for load balancers (503 when the database does not answer)',
    response: {
      200: Ok(Health),
      ...errors(),
      503: Type.Object({ code: Type.Literal(503), msg: Type.String({ description: 'Localized "Service unavailable".' }), data: Health }),
    },
  },
  ready: {
    tags: system,
    summary: 'Readiness: database, Redis, job lag, chain watcher lag and the SMS gateway (503 when the database is down or a job or the watcher is late; Redis or the SMS gateway down is reported, still 200)',
    response: {
      200: Ok(Readiness),
      ...errors(),
      503: Type.Object({ code: Type.Literal(503), msg: Type.String({ description: 'Localized "Service unavailable".' }), data: Readiness }),
    },
  },
  modifyHead: {
    tags: files,
    summary: 'Upload a new avatar (multipart/form-data, part "avatar": PNG, JPEG, WebP or GIF, at most 2 MB and 16 megapixels); public, like every avatar',
    consumes: ['multipart/form-data'],
    response: { 200: Ok(AvatarChanged), ...errors(401, 413, 415) },
  },
  file: {
    tags: files,
    summary: 'A stored image: avatars and Passed posts\' images to anyone; any other file only through a link signed for its viewer',
    description:
      'Avatars and the images of Passed posts are public and immutable. A join-group screenshot, a pending or failed post\'s image and a ' +
      'feedback attachment are served only with the exp, viewer and sig of a link that square/my, joinGroup/status or the console\'s ' +
      'review and feedback lists gave their owner or a staff member (valid one to two hours); without one they answer 404, like a missing file.',
    params: Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }) }),
    querystring: Type.Object({
      exp: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 40, description: 'Signed link: when it ends (Unix seconds).' })),
      viewer: Type.Optional(Type.String({ pattern: '^[ms][0-9]{1,12}$', description: 'Signed link: whom it was given to (m<member id> or s<staff id>).' })),
      sig: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: 'Signed link: HMAC-SHA256 over the file id, viewer and exp.' })),
    }),
    response: { 200: Binary('image/*', 'The image bytes (what the server encoded from the upload).'), ...errors(404) },
  },
  staticImage: {
    tags: files,
    summary: "The server's own SVG artwork",
    params: Type.Object({ name: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*(\\.svg)?$', maxLength: 64 }) }),
    response: { 200: Binary('image/svg+xml', 'SVG.'), ...errors(404) },
  },
  appUrl: { tags: system, summary: 'The customer service link', response: { 200: Ok(ServiceLink), ...errors() } },
  appVersion: {
    tags: system,
    summary: 'A newer app version for a platform, if any',
    querystring: Type.Object({ platform: Text(16, { minLength: 1 }), code: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }) }),
    response: { 200: Ok(Nullable(AppVersion)), ...errors() },
  },
  sysInfo: { tags: system, summary: 'Operator and version', response: { 200: Ok(SysInfo), ...errors() } },
  carousel: { tags: system, summary: 'Home banners', response: { 200: Ok(Type.Array(Banner)), ...errors() } },
  popupNotice: {
    tags: system,
    summary: 'The newest published pop-up notice the member has not been shown yet (null when none): once per notice per member',
    response: { 200: Ok(Nullable(PopupNotice)), ...errors(...AUTH) },
  },
  popupSeen: {
    tags: system,
    summary: 'Record that the member was shown a pop-up notice, so it is not offered again (idempotent)',
    body: Type.Object({ id: Id({ description: 'A published pop-up notice.' }) }),
    response: { 200: Ok(Type.Null()), ...errors(401, 404) },
  },
  popupList: {
    tags: system,
    summary: 'Every published pop-up notice, newest first, seen or not (read again on /index/alert)',
    response: { 200: Ok(Type.Array(PopupNotice)), ...errors(...AUTH) },
  },
  walletNotice: {
    tags: system,
    summary: "The notices staff published for the wallet page, oldest first, in the member's language (empty when none)",
    response: { 200: Ok(Type.Array(WalletNotice)), ...errors(...AUTH) },
  },
  videoCarousel: { tags: system, summary: "The home page's video carousel, in staff's order (empty when none is published)", response: { 200: Ok(Type.Array(HomeVideo)), ...errors() } },
  homeVideo: { tags: system, summary: 'The newest published home video, or null', response: { 200: Ok(Nullable(HomeVideo)), ...errors() } },
  scrollNotice: { tags: system, summary: 'The scrolling notices', response: { 200: Ok(Type.Array(Type.String())), ...errors() } },
  links: { tags: system, summary: 'Customer links', response: { 200: Ok(Type.Array(Link)), ...errors() } },
  health: { tags: system, summary: "A service host's health", response: { 200: Ok(Type.Object({ host: Type.String() }), '"ok"'), ...errors() } },
} as const;


