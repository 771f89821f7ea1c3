import { allNews, openFeedback, publishNews, replyToFeedback, unpublishNews } from '../features/messages';
import { operatorName } from '../audit';
import { idArg, type AdminCommand } from './command';

/** News (/news) and notices (/user/news) members read, and replies to their feedback. */
export const MESSAGES_COMMANDS: AdminCommand[] = [
  {
    name: 'news:publish',
    usage: '--title "..." --content "..." [--kind news|notice]',
    summary: 'Publishes a news item (default) or a notice; plain text, shown as written',
    args: 0,
    options: ['title', 'content', 'kind'],
    async run(db, { options }) {
      const item = await publishNews(db.kysely, { kind: options.kind, title: options.title, content: options.content, at: new Date() });
      console.log(`${item.kind} #${item.id} published: ${item.title}`);
      return 0;
    },
  },
  {
    name: 'news:unpublish',
    usage: '<id>',
    summary: 'Hides a published news item or notice',
    args: 1,
    async run(db, { args }) {
      await unpublishNews(db.kysely, idArg(args[0]));
      console.log(`news #${args[0]} unpublished`);
      return 0;
    },
  },
  {
    name: 'news:list',
    usage: '',
    summary: 'Lists the latest 100 news items and notices',
    args: 0,
    async run(db) {
      const rows = await allNews(db.kysely);
      if (rows.length === 0) console.log('no news');
      for (const n of rows) console.log(`#${n.id} ${n.published_at} ${n.kind}${n.active ? '' : ' (unpublished)'}: ${n.title}`);
      return 0;
    },
  },
  {
    name: 'feedback:list',
    usage: '',
    summary: 'Lists feedback without a reply yet (oldest first)',
    args: 0,
    async run(db) {
      const rows = await openFeedback(db.kysely);
      if (rows.length === 0) console.log('no feedback waiting for a reply');
      for (const f of rows) console.log(`#${f.id} ${f.created_at} ${f.phone}${f.attachment ? ' [image]' : ''}: ${f.content}`);
      return 0;
    },
  },
  {
    name: 'feedback:reply',
    usage: '<id> --text "..." [--by <name>]',
    summary: 'Replies to a feedback; the member sees it in their feedback list and gets a message',
    args: 1,
    options: ['text', 'by'],
    async run(db, { args, options }) {
      const f = await replyToFeedback(db.kysely, { id: idArg(args[0]), text: options.text, by: operatorName(options.by), at: new Date() });
      console.log(`feedback #${f.id} answered`);
      return 0;
    },
  },
];
