import type { RewardSubmission, SubmissionState } from '@rigshare/api-schema';
import { isVideoSiteUrl } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { countedPage, type Paging } from '../../db/paging';

import { AppError } from '../../errors';
import { grantReward, payPendingRewards } from '../../jobs/rewards';
import { rewardSettings } from '../../settings/reward-settings';
import { OperatorError } from '../../operator-error';
import { auditQueueDecision, type ActedBy } from '../../audit';
import { siteLink } from '../../settings/site-links';
import { storingImages, type DecodedImage, type FileLinks } from '../files';
import { notifyMember } from '../../notices';
import type { AppDeps } from '../../types';
import { recordMemberEvent, recordQueueChange } from '../../events';

/**
 * Join-group screenshots and video-share links: the member submits one, staff pass or fail it (admin
 * team:reviews / team:pass / team:fail, each with an audit row and a message to the member), and a
 * passed one earns its configured reward once per member ever (source key joingroup:<member> or
 * video:<member>), paid from the rewards budget. While one is Pending or Passed the member cannot send
 * another (the unique open_key); after a Fail they may try again.
 */

export type SubmissionKind = 'joingroup' | 'video';
const REASON_MAX = 500;
const openKey = (kind: SubmissionKind, userId: number) => `${kind}:${userId}`;

export async function submissionState(deps: AppDeps, userId: number, kind: SubmissionKind, links: FileLinks): Promise<SubmissionState> {
  const k = deps.db.kysely;
  const settings = await rewardSettings(k);
  const row = await k
    .selectFrom('reward_submissions as s')
    .leftJoin('rewards as r', 'r.id', 's.reward_id')
    .select(['s.id', 's.status', 's.fail_reason', 's.file_id', 's.url', 's.created_at', 'r.status as reward_status'])
    .where('s.user_id', '=', userId)
    .where('s.kind', '=', kind)
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
  const submission: RewardSubmission | null = row
    ? {
        id: row.id,
        status: row.status,
        reason: row.fail_reason,
        link: row.url ?? (row.file_id ? links.signed(row.file_id) : null),
        createdAt: row.created_at,
      }
    : null;
  return {
    kind,
    amount: (kind === 'joingroup' ? settings.joingroup : settings.video).toString(),
    groupUrl: kind === 'joingroup' ? await siteLink(deps.db.kysely, 'groupLink', deps.config.team.groupUrl) : null,
    videoSites: kind === 'video' ? deps.config.team.videoSites : [],
    submission,
    reward: row?.reward_status === 'Paid' || row?.reward_status === 'Pending' ? row.reward_status : null,
  };
}

async function insertSubmission(deps: AppDeps, userId: number, kind: SubmissionKind, value: { fileId?: string; url?: string }, trx: Kysely<Database>) {
  const inserted = await trx
    .insertInto('reward_submissions')
    .values({
      user_id: userId,
      kind,
      file_id: value.fileId ?? null,
      url: value.url ?? null,
      status: 'Pending',
      open_key: openKey(kind, userId),
      fail_reason: null,
      reviewed_by: null,
      reviewed_at: null,
      reward_id: null,
      created_at: deps.clock().toISOString(),
    })
    .onConflict((oc) => oc.column('open_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await recordQueueChange(trx, { queue: 'submissions', id: inserted.id, change: 'added' }, deps.clock());
    return inserted.id;
  }
  const open = await trx.selectFrom('reward_submissions').select('status').where('open_key', '=', openKey(kind, userId)).executeTakeFirst();
  throw new AppError(409, open?.status === 'Passed' ? 'submissionRewarded' : 'submissionPending');
}

/**
 * A join-group screenshot: a JPEG, PNG or WebP of at most 2 MB, decoded by the one intake (team
 * routes). Private: only its member and staff fetch it. A refusal stores nothing (storingImages).
 */
export async function submitScreenshot(deps: AppDeps, userId: number, image: DecodedImage): Promise<number> {
  return storingImages(deps.storage, { ownerId: userId, purpose: 'submission', at: deps.clock() }, (store) =>
    deps.db.kysely.transaction().execute(async (trx) => {
      // Refuse before storing the image when one is already open (the insert below decides under races).
      const open = await trx.selectFrom('reward_submissions').select('status').where('open_key', '=', openKey('joingroup', userId)).executeTakeFirst();
      if (open) throw new AppError(409, open.status === 'Passed' ? 'submissionRewarded' : 'submissionPending');
      const fileId = await store(trx, image);
      return insertSubmission(deps, userId, 'joingroup', { fileId }, trx);
    }),
  );
}

/** A video-share link: a URL on one of the configured video sites. */
export async function submitVideoLink(deps: AppDeps, userId: number, text: string): Promise<number> {
  const url = text.trim();
  if (url.length > REASON_MAX || !isVideoSiteUrl(url, deps.config.team.videoSites)) {
    throw new AppError(400, 'videoSiteNotAllowed', { sites: deps.config.team.videoSites.join(', ') });
  }
  return deps.db.kysely.transaction().execute((trx) => insertSubmission(deps, userId, 'video', { url }, trx));
}

export interface PendingSubmission {
  id: number;
  kind: SubmissionKind;
  phone: string;
  /** The video link, or the screenshot's `screenshotLink` (the console: a link signed for the staff member). */
  link: string;
  createdAt: string;
}

/**
 * The submissions waiting for review, oldest first: all of them (team:reviews), or one page and how
 * many wait (the console). A screenshot is private: `screenshotLink` says how to reach its file.
 */
export async function pendingSubmissions(
  k: Kysely<Database>,
  paging?: Paging,
  screenshotLink: (fileId: string) => string = (fileId) => `file ${fileId} (open it in the console's reviews)`,
): Promise<{ total: number; rows: PendingSubmission[] }> {
  const pending = k.selectFrom('reward_submissions as s').where('s.status', '=', 'Pending');
  const list = pending
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.kind', 'u.phone', 's.url', 's.file_id', 's.created_at'])
    .orderBy('s.id');
  const { total, rows } = await countedPage(pending, list, paging);
  return { total, rows: rows.map((r) => ({ id: r.id, kind: r.kind, phone: r.phone, link: r.url ?? screenshotLink(r.file_id ?? ''), createdAt: r.created_at })) };
}

/**
 * Passes or fails a Pending submission (a decided one is refused; of two concurrent reviews one
 * changes it). A pass grants the reward (once per member and kind, ever) and pays it from the budget
 * or leaves it waiting; a fail needs a reason. Each writes an audit row and a message to the member.
 */
export async function reviewSubmission(
  db: Db,
  input: { id: number; at: Date; decision: 'pass' | 'fail'; reason?: string } & ActedBy,
): Promise<{ id: number; status: 'Passed' | 'Failed'; rewardId: number | null }> {
  const by = input.by.trim();
  if (!by) throw new OperatorError('Say who reviews (--by <name>)');
  const reason = (input.reason ?? '').trim();
  if (input.decision === 'fail' && !reason) throw new OperatorError('A reason is required to fail a submission (--reason "...")');
  if (reason.length > REASON_MAX) throw new OperatorError(`The reason is longer than ${REASON_MAX} characters`);
  const result = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('reward_submissions').select(['id', 'user_id', 'kind', 'status', 'created_at']).where('id', '=', input.id).executeTakeFirst();
    if (!row) throw new OperatorError(`No submission #${input.id}`);
    if (row.status !== 'Pending') throw new OperatorError(`Submission #${input.id} is already ${row.status}; nothing changed`);
    const status = input.decision === 'pass' ? ('Passed' as const) : ('Failed' as const);
    const updated = await trx
      .updateTable('reward_submissions')
      .set({
        status,
        fail_reason: status === 'Failed' ? reason : null,
        open_key: status === 'Failed' ? null : openKey(row.kind, row.user_id),
        reviewed_by: by,
        reviewed_at: input.at.toISOString(),
      })
      .where('id', '=', input.id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new OperatorError(`Submission #${input.id} was reviewed meanwhile; nothing changed`);
    await recordMemberEvent(trx, row.user_id, 'submission', { id: input.id, status }, input.at);
    let rewardId: number | null = null;
    if (status === 'Passed') {
      const settings = await rewardSettings(trx);
      const amount = row.kind === 'joingroup' ? settings.joingroup : settings.video;
      const reward = await grantReward(trx, { userId: row.user_id, kind: row.kind, sourceKey: openKey(row.kind, row.user_id), amount, at: input.at });
      rewardId = reward?.id ?? null;
      if (rewardId) await trx.updateTable('reward_submissions').set({ reward_id: rewardId }).where('id', '=', input.id).execute();
    }
    await auditQueueDecision(trx, { ...input, by }, {
      queue: 'submissions',
      id: input.id,
      action: `${row.kind}.${input.decision}`,
      memberId: row.user_id,
      before: 'Pending',
      after: status,
      reason: status === 'Failed' ? reason : null,
      details: status === 'Failed' ? reason : rewardId ? `reward:${rewardId}` : null,
      at: input.at,
    });
    const what = row.kind === 'joingroup' ? 'pushJoinGroup' : 'pushVideoShare';
    await notifyMember(
      trx,
      status === 'Passed'
        ? { userId: row.user_id, kind: 'system', at: input.at, titleKey: `${what}PassedTitle`, bodyKey: `${what}PassedBody` }
        : { userId: row.user_id, kind: 'system', at: input.at, titleKey: `${what}FailedTitle`, bodyKey: `${what}FailedBody`, params: { reason } },
    );
    return { id: input.id, status, rewardId };
  });
  if (result.rewardId) await payPendingRewards(db, input.at);
  return result;
}
