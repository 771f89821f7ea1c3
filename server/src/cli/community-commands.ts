import { phoneLookupKey } from '@rigshare/domain';
import { loadConfig } from '../config';
import { pendingPosts, postForMember, reviewPost } from '../features/community';
import { idArg, listCommand, operatorNow, type AdminCommand } from './command';
import { say } from './output';


const oneLine = (text: string, max = 120) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Community moderation: review pending posts, post for a member with the staff mark. */
export const COMMUNITY_COMMANDS: AdminCommand[] = [
  listCommand('post:list', 'Lists the posts waiting for review (content as stored: sanitised, markup included)', {
    rows: async (db) => (await pendingPosts(db)).rows,
    none: 'no posts waiting for review',
    show: (p) => say`#${p.id} ${p.createdAt} ${p.phone} (${p.name}) ${p.images} image(s): ${oneLine(p.content)}`,
  }),
  {
    name: 'post:pass',
    usage: '<id> [--by <name>]',
    summary: 'Publishes a pending post in the feed; the member gets a message, the audit log a row',
    args: 1,
    options: ['by'],
    async run(db, { args, options }) {
      const post = await reviewPost(db, { id: idArg(args[0]), decision: 'pass', ...operatorNow(options) });
      say`post #${post.id} Passed`;
      return 0;
    },
  },
  {
    name: 'post:fail',
    usage: '<id> --reason "..." [--by <name>]',
    summary: 'Refuses a pending post with a reason the member reads; audit row written',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const post = await reviewPost(db, { id: idArg(args[0]), decision: 'fail', reason: options.reason, ...operatorNow(options) });
      say`post #${post.id} Failed: ${options.reason}`;
      return 0;
    },
  },
  {
    name: 'post:for-member',
    usage: '<phone> --content "..." --role manager|guide_manager --by <name> [--video <url>]',
    summary: 'Posts on a member\'s behalf, published with the visible "posted by staff" mark and role; audit row written',
    args: 1,
    options: ['content', 'role', 'by', 'video'],
    async run(db, { args, options }) {
      const id = await postForMember(db, {
        member: { phone: phoneLookupKey(args[0], loadConfig().phoneDefaultRegion) },
        content: options.content ?? '',
        videoUrl: options.video,
        role: options.role ?? '',
        by: options.by ?? '',
        at: new Date(),
      });
      say`post #${id} published for ${args[0]}, marked "posted by staff" (${options.role})`;
      return 0;
    },
  },
];
