import type { Readable } from 'node:stream';
import type { Feedback } from '@rigshare/api-schema';
import { feedbackTextProblem, type Page } from '@rigshare/domain';
import type { Kysely, Selectable } from 'kysely';
import { countedPage, memberRowsPage, type Paging } from '../../db/paging';
import type { Database, FeedbackTable } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { AppError } from '../../errors';
import { OperatorError } from '../../operator-error';
import { auditQueueDecision, type ActedBy } from '../../audit';
import { notifyMember } from '../../notices';
import { recordQueueChange } from '../../events';

/**
 * A member's feedback: text of more than ten words (libs/domain), an optional phone and an optional
 * image of at most 20 MB. The image goes through the one intake (features/files: streamed to a spool
 * file, decoded, encoded again) and is stored as a private file (purpose 'feedback': the member and
 * staff only). Staff reply from the console or the command line and the member reads the reply in their
 * feedback list (and gets a message).
 */

export interface StoredAttachment {
  /** The file id (features/files, purpose 'feedback'). */
  name: string;
  mime: string;
  size: number;
}

function view(row: Selectable<FeedbackTable>): Feedback {
  return {
    id: row.id,
    content: row.content,
    phone: row.phone,
    attachment: row.attachment !== null,
    reply: row.reply,
    replyTime: row.replied_at,
    createTime: row.created_at,
  };
}

export async function createFeedback(
  db: Kysely<Database>,
  input: { userId: number; content: string; phone: string; attachment: StoredAttachment | null; at: Date },
): Promise<Feedback> {
  const content = input.content.trim();
  const problem = feedbackTextProblem(content);
  if (problem) throw new AppError(400, problem);
  const phone = input.phone.trim();
  if (phone && !/^\+?[0-9 -]{5,20}$/.test(phone)) throw new AppError(400, 'phoneInvalid');
  // The caller's transaction (the attachment is stored with it): support's feedback queue shows it once it commits.
  const row = await db
    .insertInto('feedback')
    .values({
      user_id: input.userId,
      content,
      phone: phone || null,
      attachment: input.attachment?.name ?? null,
      attachment_type: input.attachment?.mime ?? null,
      attachment_size: input.attachment?.size ?? null,
      created_at: input.at.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordQueueChange(db, { queue: 'feedback', id: row.id, change: 'added' }, input.at);
  return view(row);
}

export async function memberFeedback(db: Kysely<Database>, userId: number, paging: Paging): Promise<Page<Feedback>> {
  const { total, rows } = await memberRowsPage(db, 'feedback', userId, paging);
  return { total, list: rows.map(view) };
}

// ---- staff (npm run admin -- feedback:list | feedback:reply) ----

/** Feedback without a reply, oldest first: all of it (feedback:list), or one page and how much waits (the console). */
export async function openFeedback(db: Kysely<Database>, paging?: Paging) {
  const open = db.selectFrom('feedback').where('feedback.reply', 'is', null);
  const list = open
    .innerJoin('users', 'users.id', 'feedback.user_id')
    .select(['feedback.id', 'feedback.content', 'feedback.attachment', 'feedback.created_at', 'users.phone'])
    .orderBy('feedback.id');
  return countedPage(open, list, paging);
}

/** Staff's reply, shown to the member as written; the member also gets a message. One reply per feedback. */
export async function replyToFeedback(db: Kysely<Database>, input: { id: number; text: string | undefined; at: Date } & ActedBy): Promise<Feedback> {
  const text = (input.text ?? '').trim();
  if (!text || text.length > 2000) throw new OperatorError('A reply of 1 to 2000 characters is required: --text "..."');
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('feedback').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row) throw new OperatorError(`No feedback ${input.id}`);
    if (row.reply !== null) throw new OperatorError(`Feedback ${input.id} already has a reply`);
    const updated = await trx
      .updateTable('feedback')
      .set({ reply: text, replied_at: input.at.toISOString() })
      .where('id', '=', input.id)
      .where('reply', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new OperatorError(`Feedback ${input.id} was answered meanwhile`);
    await auditQueueDecision(trx, input, { queue: 'feedback', id: input.id, action: 'feedback.reply', memberId: row.user_id, before: null, after: text, at: input.at });
    await notifyMember(trx, { userId: row.user_id, kind: 'system', titleKey: 'pushFeedbackRepliedTitle', bodyKey: 'pushFeedbackRepliedBody', params: { reply: text }, at: input.at });
    return view(updated);
  });
}

/** A feedback's attachment from the file storage, for staff (`feedback:attachment`); not served to anyone over HTTP. */
export async function feedbackAttachment(db: Kysely<Database>, storage: FileStorage, id: number): Promise<{ mime: string; size: number; body: Readable }> {
  const row = await db.selectFrom('feedback').select(['attachment', 'attachment_type', 'attachment_size']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new OperatorError(`No feedback ${id}`);
  if (!row.attachment) throw new OperatorError(`Feedback ${id} has no attachment`);
  // Attachments from before the file storage are files under DATA_DIR/feedback (a name with a dot).
  const stored = row.attachment.includes('.') ? null : await storage.get(row.attachment);
  if (!stored) throw new OperatorError(`The attachment of feedback ${id} is not in the file storage (older ones are in DATA_DIR/feedback/${row.attachment})`);
  return { mime: row.attachment_type ?? 'application/octet-stream', size: row.attachment_size ?? stored.size ?? 0, body: stored.body };
}
