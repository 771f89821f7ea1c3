import {
  allCarousel,
  allNews,
  allNotices,
  allVideos,
  feedbackAttachment,
  openFeedback,
  publishCarousel,
  publishNews,
  publishNotice,
  publishVideo,
  replyToFeedback,
  sendStaffMessage,
  unpublishCarousel,
  unpublishNews,
  unpublishNotice,
  unpublishVideo,
} from '../features/messages';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../config';
import { OperatorError } from '../operator-error';
import { createFileStorage } from '../storage/file-storage';
import type { Acting } from '../audit';
import type { Db } from '../db/connect';
import { idArg, listCommand, operatorNow, type AdminCommand } from './command';
import { say } from './output';

const oneLine = (text: string, max = 100) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** `<kind>:unpublish <id>`: takes a published item off members' pages; the service writes the audit row. */
function unpublishCommand(kind: string, summary: string, unpublish: typeof unpublishNews): AdminCommand {
  return {
    name: `${kind}:unpublish`,
    usage: '<id> [--by <name>]',
    summary,
    args: 1,
    options: ['by'],
    async run(db, { args, options }) {
      await unpublish(db.kysely, { id: idArg(args[0]), ...operatorNow(options) });
      say`${kind} #${args[0]} unpublished`;
      return 0;
    },
  };
}

/**
 * `<kind>:publish`: hands the service the command's options as given (it checks them, as it checks the
 * console's form) with the operator and the time; the service writes the audit row. `told` prints the result.
 */
function publishCommand<const Option extends string, Row>(
  kind: string,
  help: { usage: string; summary: string },
  optionNames: readonly Option[],
  publish: (k: Db['kysely'], input: Record<Option, string | undefined> & Acting) => Promise<Row>,
  told: (row: Row) => void,
): AdminCommand {
  return {
    name: `${kind}:publish`,
    ...help,
    args: 0,
    options: [...optionNames, 'by'],
    async run(db, { options }) {
      const given = Object.fromEntries(optionNames.map((name) => [name, options[name]])) as Record<Option, string | undefined>;
      told(await publish(db.kysely, { ...given, ...operatorNow(options) }));
      return 0;
    },
  };
}

/**
 * What members read from staff: news (/news) and notices (/user/news), the home page's carousel, videos,
 * scrolling and pop-up notices, the wallet page's notices, push messages, and replies to their feedback. Every command that
 * changes something writes one audit row naming the operator (--by, else the login name).
 */
export const MESSAGES_COMMANDS: AdminCommand[] = [
  publishCommand(
    'news',
    { usage: '--title "..." --content "..." [--kind news|notice] [--by <name>]', summary: 'Publishes a news item (default) or a notice; plain text, shown as written; audit row written' },
    ['title', 'content', 'kind'],
    publishNews,
    (item) => say`${item.kind} #${item.id} published: ${item.title}`,
  ),
  unpublishCommand('news', 'Hides a published news item or notice; audit row written', unpublishNews),
  listCommand('news:list', 'Lists the latest 100 news items and notices', {
    rows: (db) => allNews(db.kysely),
    none: 'no news',
    show: (n) => say`#${n.id} ${n.published_at} ${n.kind}${n.active ? '' : ' (unpublished)'}: ${n.title}`,
  }),
  publishCommand(
    'carousel',
    {
      usage: '--title "..." --image <https URL|/api/user/static/<name>.svg> [--subtitle "..."] [--link <https URL|#/route>] [--sort <n>] [--translations <json>] [--by <name>]',
      summary: 'Adds a banner to the home page carousel (lower --sort first); --translations {"hi-IN":{"title":"..."}}; audit row written',
    },
    ['title', 'subtitle', 'image', 'link', 'sort', 'translations'],
    publishCarousel,
    (row) => say`carousel #${row.id} published: ${row.title}`,
  ),
  unpublishCommand('carousel', 'Takes a banner off the home page carousel; audit row written', unpublishCarousel),
  listCommand('carousel:list', 'Lists the carousel banners, published first, in the order members see them', {
    rows: (db) => allCarousel(db.kysely),
    none: 'no carousel banners',
    show: (c) => say`#${c.id} sort ${c.sort_order}${c.active ? '' : ' (unpublished)'}: ${c.title} ${c.image_url}${c.link ? ` -> ${c.link}` : ''}`,
  }),
  publishCommand(
    'video',
    {
      usage: '--placement carousel|home --title "..." --video <https URL of .mp4|.webm|/api/user/files/<id>> --poster <https URL|/api/user/static/<name>.svg> [--sort <n>] [--translations <json>] [--by <name>]',
      summary: 'Publishes a video on the home page: in the video carousel (lower --sort first) or as the home video (the newest shows); the poster frame shows before play; audit row written',
    },
    ['placement', 'title', 'video', 'poster', 'sort', 'translations'],
    publishVideo,
    (row) => say`${row.placement} video #${row.id} published: ${row.title}`,
  ),
  unpublishCommand('video', 'Takes a video off the home page (kept, never deleted); audit row written', unpublishVideo),
  listCommand('video:list', 'Lists the home videos, published first, by placement in the order members see them', {
    rows: (db) => allVideos(db.kysely),
    none: 'no videos',
    show: (v) => say`#${v.id} ${v.placement} sort ${v.sort_order}${v.active ? '' : ' (unpublished)'}: ${v.title} ${v.video_url} poster ${v.poster_url}`,
  }),
  publishCommand(
    'notice',
    {
      usage: '--kind scroll|popup|wallet --content "..." [--title "..." (popup: required, wallet: optional)] [--translations <json>] [--by <name>]',
      summary: 'Publishes a scrolling or pop-up notice (each member sees a pop-up once) on the home page, or a notice on the wallet page; audit row written',
    },
    ['kind', 'title', 'content', 'translations'],
    publishNotice,
    (row) => say`${row.kind} notice #${row.id} published`,
  ),
  unpublishCommand('notice', 'Takes a scrolling, pop-up or wallet notice off its page; audit row written', unpublishNotice),
  listCommand('notice:list', 'Lists the latest 100 scrolling, pop-up and wallet notices', {
    rows: (db) => allNotices(db.kysely),
    none: 'no notices',
    show: (n) => say`#${n.id} ${n.created_at} ${n.kind}${n.active ? '' : ' (unpublished)'}: ${oneLine(n.title ? `${n.title}: ${n.content}` : n.content)}`,
  }),
  {
    name: 'push:send',
    usage: '<phone|id:<member id>> | --all  --title "..." --content "..." [--by <name>]',
    summary: "Sends staff's message to one member or to every member (their messages and unread badge); audit row written",
    args: [0, 1],
    options: ['title', 'content', 'by'],
    flags: ['all'],
    async run(db, { args, options, flags }) {
      if (flags.has('all') === (args.length === 1)) throw new OperatorError('Give one member (a phone or id:<member id>) or --all, not both');
      const to = flags.has('all') ? 'all' : args[0];
      const sent = await sendStaffMessage(db.kysely, { to, phoneRegion: loadConfig().phoneDefaultRegion, title: options.title, body: options.content, ...operatorNow(options) });
      say`message sent to ${sent.count} member${sent.count === 1 ? '' : 's'} (${sent.target})`;
      return 0;
    },
  },
  listCommand('feedback:list', 'Lists feedback without a reply yet (oldest first)', {
    rows: async (db) => (await openFeedback(db.kysely)).rows,
    none: 'no feedback waiting for a reply',
    show: (f) => say`#${f.id} ${f.created_at} ${f.phone}${f.attachment ? ' [image]' : ''}: ${f.content}`,
  }),
  {
    name: 'feedback:attachment',
    usage: '<id> --out <file>',
    summary: "Saves a feedback's attached picture from the file storage (data folder or S3 bucket) to a file",
    args: 1,
    options: ['out'],
    async run(db, { args, options }) {
      if (!options.out) throw new OperatorError('Say where to save it: --out <file>');
      if (fs.existsSync(options.out)) throw new OperatorError(`${options.out} exists; nothing overwritten`);
      const file = await feedbackAttachment(db.kysely, createFileStorage(loadConfig().storage), idArg(args[0]));
      await pipeline(file.body, fs.createWriteStream(options.out, { flags: 'wx' }));
      say`feedback #${args[0]}: ${file.mime}, ${file.size} bytes saved to ${options.out}`;
      return 0;
    },
  },
  {
    name: 'feedback:reply',
    usage: '<id> --text "..." [--by <name>]',
    summary: 'Replies to a feedback; the member sees it in their feedback list and gets a message; audit row written',
    args: 1,
    options: ['text', 'by'],
    async run(db, { args, options }) {
      const f = await replyToFeedback(db.kysely, { id: idArg(args[0]), text: options.text, ...operatorNow(options) });
      say`feedback #${f.id} answered`;
      return 0;
    },
  },
];
