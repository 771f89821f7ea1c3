import { allNews, publishNews, unpublishNews } from '../features/messages';
import { idArg, type AdminCommand } from './command';

/** News (/news) and notices (/user/news) members read. */
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
];
