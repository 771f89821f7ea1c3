import { FAIL_REASON_MAX, isConsolePostingRole, isStaffPostingRole, POST_STATUS, STAFF_POSTING_ROLES } from '@rigshare/domain';
import type { Db } from '../../db/connect';
import { countedPage, type Paging } from '../../db/paging';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { OperatorError } from '../../operator-error';
import { notifyMember } from '../../notices';
import { auditQueueDecision, auditStaffAction, type ActedBy } from '../../audit';
import { checkPost, postImageIds, storedPostContent } from './service';
import { recordMemberEvent } from '../../events';

/**
 * Staff's side of the community (the admin command line now, the staff console later): review
 * pending posts, and post on a member's behalf with the visible staff mark. Every action writes an
 * audit row; a review tells the member through their messages, in the same transaction.
 */

export interface PendingPost {
  id: number;
  phone: string;
  name: string;
  content: string;
  images: number;
  /** The images' file ids, in order (private until the post is Passed: staff get signed links). */
  imageIds: string[];
  createdAt: string;
}

/** The posts waiting for review, oldest first: all of them, or one page and how many wait (see countedPage). */
export async function pendingPosts(db: Db, paging?: Paging): Promise<{ total: number; rows: PendingPost[] }> {
  const pending = db.kysely.selectFrom('posts as p').where('p.status', '=', POST_STATUS.pending);
  const list = pending.innerJoin('users as u', 'u.id', 'p.user_id').select(['p.id', 'u.phone', 'u.name', 'p.content', 'p.created_at']).orderBy('p.id', 'asc');
  const { total, rows } = await countedPage(pending, list, paging);
  const images = await postImageIds(db.kysely, rows.map((r) => r.id));
  return {
    total,
    rows: rows.map(({ created_at, ...r }) => {
      const imageIds = images.get(r.id) ?? [];
      return { ...r, images: imageIds.length, imageIds, createdAt: created_at };
    }),
  };
}

export type ReviewDecision = { decision: 'pass' } | { decision: 'fail'; reason: string | undefined };

/** Passes or fails a Pending post (a decided post is refused); the member gets a message, staff an audit row. */
export async function reviewPost(db: Db, input: { id: number; at: Date } & ActedBy & ReviewDecision): Promise<{ id: number; status: number }> {
  const reason = input.decision === 'fail' ? (input.reason ?? '').trim() : null;
  if (input.decision === 'fail' && !reason) throw new OperatorError('A reason is required to fail a post (--reason "...")');
  if (reason && reason.length > FAIL_REASON_MAX) throw new OperatorError(`The reason is longer than ${FAIL_REASON_MAX} characters`);
  const by = input.by.trim();
  if (!by) throw new OperatorError('Say who reviews (--by <name>)');
  return db.kysely.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('posts').select(['id', 'user_id', 'status', 'created_at']).where('id', '=', input.id).executeTakeFirst();
    if (!post) throw new OperatorError(`No post #${input.id}`);
    if (Number(post.status) !== POST_STATUS.pending) {
      throw new OperatorError(`Post #${input.id} is already ${Number(post.status) === POST_STATUS.passed ? 'Passed' : 'Failed'}; nothing changed`);
    }
    const status = input.decision === 'pass' ? POST_STATUS.passed : POST_STATUS.failed;
    // The status condition makes a concurrent second review change nothing.
    const updated = await trx
      .updateTable('posts')
      .set({ status, fail_reason: reason, reviewed_by: by, reviewed_at: input.at.toISOString() })
      .where('id', '=', input.id)
      .where('status', '=', POST_STATUS.pending)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new OperatorError(`Post #${input.id} was reviewed meanwhile; nothing changed`);
    await recordMemberEvent(trx, post.user_id, 'post', { id: input.id, status: input.decision === 'pass' ? 'Passed' : 'Failed' }, input.at);
    await auditQueueDecision(trx, { ...input, by }, {
      queue: 'posts',
      id: input.id,
      action: input.decision === 'pass' ? 'post.pass' : 'post.fail',
      memberId: post.user_id,
      before: 'Pending',
      after: input.decision === 'pass' ? 'Passed' : 'Failed',
      reason,
      details: reason,
      at: input.at,
    });
    const date = post.created_at.slice(0, 10);
    await notifyMember(
      trx,
      input.decision === 'pass'
        ? { userId: post.user_id, kind: 'system', at: input.at, titleKey: 'pushPostPassedTitle', bodyKey: 'pushPostPassedBody', params: { date } }
        : { userId: post.user_id, kind: 'system', at: input.at, titleKey: 'pushPostFailedTitle', bodyKey: 'pushPostFailedBody', params: { date, reason: reason ?? '' } },
    );
    return { id: input.id, status };
  });
}

/**
 * A post that staff write for a member (SPEC section 6, DESIGN.md section 1): allowed only with the
 * staff role shown on the post ("posted by staff") and an audit row naming who wrote it. Staff are
 * the reviewers, so it is published (Passed) at once; the member is told that staff posted in their name.
 */
export async function postForMember(
  db: Db,
  input: { member: { phone: string } | { id: number }; content: string; videoUrl?: string; role: string; at: Date } & ActedBy,
): Promise<number> {
  const by = input.by.trim();
  if (!by) throw new OperatorError('Say who writes the post (--by <name>)');
  // A console session brings its own role (content, admin); the command line types one of the seed's.
  if (input.actorRole ? !isConsolePostingRole(input.role) : !isStaffPostingRole(input.role)) {
    throw new OperatorError(input.actorRole ? `The ${input.role} role does not post for members` : `--role must be one of: ${STAFF_POSTING_ROLES.join(', ')}`);
  }
  let content: string;
  try {
    checkPost({ content: input.content, videoUrl: input.videoUrl ?? '', imageCount: 0 });
    content = await storedPostContent(input.content);
  } catch (error) {
    if (error instanceof AppError) throw new OperatorError(translate('en-US', error.messageKey, error.params));
    throw error;
  }
  return db.kysely.transaction().execute(async (trx) => {
    const users = trx.selectFrom('users').select('id');
    const named = input.member;
    const member = await ('id' in named ? users.where('id', '=', named.id) : users.where('phone', '=', named.phone)).executeTakeFirst();
    if (!member) throw new OperatorError(`No member ${'id' in named ? `id:${named.id}` : `with phone ${named.phone}`}`);
    const at = input.at.toISOString();
    const post = await trx
      .insertInto('posts')
      .values({
        user_id: member.id,
        content,
        video_url: input.videoUrl || null,
        status: POST_STATUS.passed,
        reviewed_by: by,
        reviewed_at: at,
        staff_author: by,
        staff_role: input.role,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditStaffAction(trx, { by, actorRole: input.actorRole ?? input.role, sourceAddress: input.sourceAddress }, {
      action: 'post.create_for_member',
      target: `post:${post.id}`,
      details: `member:${member.id}`,
      at: input.at,
    });
    // The member did not write it, so nothing says "your post passed review": they learn staff wrote in their name.
    await notifyMember(trx, { userId: member.id, kind: 'system', at: input.at, titleKey: 'pushStaffPostTitle', bodyKey: 'pushStaffPostBody', params: { date: at.slice(0, 10) } });
    return post.id;
  });
}
