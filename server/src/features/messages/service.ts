import { DEFAULT_PHONE_REGION, phoneLookupKey } from '@rigshare/domain';
import type { PushMessage } from '@rigshare/api-schema';
import type { LocaleTag, Page } from '@rigshare/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database, PushMessagesTable } from '../../db/schema';
import { memberRowsPage, type Paging } from '../../db/paging';
import { auditStaffAction, staffName } from '../../audit';
import { AppError } from '../../errors';
import { OperatorError } from '../../operator-error';
import { translate, type MessageKey, type MessageParams } from '../../i18n';
import { notifyMember, type MessageKind } from '../../notices';
import { addUnreadForAll, takeUnread, unreadCount } from '../../notices/unread';

/**
 * A member's messages ("push messages" in the app). Features tell a member about an event with
 * notifyMember (src/notices); the text is stored as catalogue keys and parameters and rendered in the language of
 * whoever reads it, so a member who switches language reads old messages in the new one.
 */

/** A message as the member reads it: the reply type of the contract (libs/api-schema). */
export type MessageView = PushMessage;

function view(row: Selectable<PushMessagesTable>, locale: LocaleTag): MessageView {
  const params = row.params ? (JSON.parse(row.params) as MessageParams) : {};
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    title: row.title_key ? translate(locale, row.title_key as MessageKey, params) : (row.title_text ?? ''),
    content: row.body_key ? translate(locale, row.body_key as MessageKey, params) : (row.body_text ?? ''),
    read: row.is_read === 1,
    createTime: row.created_at,
  };
}

export async function memberMessages(db: Kysely<Database>, userId: number, paging: Paging, locale: LocaleTag): Promise<Page<MessageView>> {
  const { total, rows } = await memberRowsPage(db, 'push_messages', userId, paging);
  return { total, list: rows.map((row) => view(row, locale)) };
}

/**
 * Marks one of the member's own messages read (`id`), or all of them; another member's message (or
 * none) is "not found", and nothing changes. Marking a read message again changes nothing.
 * Returns the member's unread count after it.
 */
export async function markRead(db: Db, userId: number, id: number | undefined, at: Date): Promise<number> {
  if (db.dialect === 'postgres') return (await markReadInOneStatement(db.kysely, userId, id, at)) ?? nothingMarked(db.kysely, userId, id);
  return db.kysely.transaction().execute(async (trx) => {
    let query = trx.updateTable('push_messages').set({ is_read: 1 }).where('user_id', '=', userId).where('is_read', '=', 0);
    if (id !== undefined) query = query.where('id', '=', id);
    const marked = await query.executeTakeFirst();
    const read = Number(marked.numUpdatedRows);
    // The member's other tabs and devices are told the new count, committed with the change it reports.
    return read > 0 ? takeUnread(trx, userId, read, at) : nothingMarked(trx, userId, id);
  });
}

/** Nothing was unread to mark: a message that is not the member's is "not found"; else the count stands. */
async function nothingMarked(db: Kysely<Database>, userId: number, id: number | undefined): Promise<number> {
  if (id !== undefined) {
    const own = await db.selectFrom('push_messages').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!own) throw new AppError(404, 'messageNotFound');
  }
  return unreadCount(db, userId);
}

/**
 * On PostgreSQL the same change, the kept count (notices/unread.ts) and the live event in one statement:
 * one round trip instead of five, on the call every open of a message makes. A concurrent message or read
 * is waited for and counted as in the transaction. Null when nothing was marked.
 */
async function markReadInOneStatement(db: Kysely<Database>, userId: number, id: number | undefined, at: Date): Promise<number | null> {
  const onlyOne = id === undefined ? sql`` : sql`AND id = ${id}`;
  const result = await sql<{ unread: number }>`WITH marked AS (
      UPDATE push_messages SET is_read = 1 WHERE user_id = ${userId} AND is_read = 0 ${onlyOne} RETURNING id
    ), counted AS (
      UPDATE unread_counts SET unread = GREATEST(unread - (SELECT COUNT(*) FROM marked), 0)
      WHERE user_id = ${userId} AND EXISTS (SELECT 1 FROM marked) RETURNING unread
    ), told AS (
      INSERT INTO events (audience, member_id, topic, data, created_at)
      SELECT 'member', ${userId}, 'messages', '{"unread":' || unread || '}', ${at.toISOString()} FROM counted
    )
    SELECT unread FROM counted`.execute(db);
  const row = result.rows[0];
  return row ? Number(row.unread) : null;
}

// ---- staff (npm run admin -- push:send) ----

export const PUSH_TITLE_MAX = 200;
export const PUSH_BODY_MAX = 2000;

/**
 * Staff's own message to one member (`to`: a phone, or `id:<member id>`) or to every member (`to` 'all'),
 * shown as written in every language. Every member is one INSERT ... SELECT, however many there are,
 * and the audit row is in the same transaction. Returns how many members got it.
 */
export async function sendStaffMessage(
  db: Kysely<Database>,
  input: {
    to: string;
    /** The country of a phone given without one (the deployment's PHONE_DEFAULT_COUNTRY). */
    phoneRegion?: string;
    title: string | undefined;
    body: string | undefined;
    by: string | undefined;
    at: Date;
    actorRole?: string | null;
    sourceAddress?: string | null;
  },
): Promise<{ count: number; target: string }> {
  const by = staffName(input.by);
  const title = (input.title ?? '').trim();
  const body = (input.body ?? '').trim();
  if (!title || title.length > PUSH_TITLE_MAX) throw new OperatorError(`A title of 1 to ${PUSH_TITLE_MAX} characters is required: --title "..."`);
  if (!body || body.length > PUSH_BODY_MAX) throw new OperatorError(`Content of 1 to ${PUSH_BODY_MAX} characters is required: --content "..."`);
  return db.transaction().execute(async (trx) => {
    let count: number;
    let target: string;
    if (input.to === 'all') {
      const result = await trx
        .insertInto('push_messages')
        .columns(['user_id', 'kind', 'title_key', 'body_key', 'params', 'title_text', 'body_text', 'is_read', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .select((s) => [
              'users.id',
              s.val('system').as('kind'),
              s.val(null).as('title_key'),
              s.val(null).as('body_key'),
              s.val(null).as('params'),
              s.val(title).as('title_text'),
              s.val(body).as('body_text'),
              s.val(0).as('is_read'),
              s.val(input.at.toISOString()).as('created_at'),
            ]),
        )
        .executeTakeFirst();
      count = Number(result.numInsertedOrUpdatedRows ?? 0);
      target = 'members:all';
      await addUnreadForAll(trx, input.at);
    } else {
      const byId = /^id:([1-9][0-9]{0,9})$/.exec(input.to);
      const users = trx.selectFrom('users').select('id');
      const member = await (byId ? users.where('id', '=', Number(byId[1])) : users.where('phone', '=', phoneLookupKey(input.to, input.phoneRegion ?? DEFAULT_PHONE_REGION))).executeTakeFirst();
      if (!member) throw new OperatorError(`No member ${input.to} (give a phone, id:<member id> or --all)`);
      await notifyMember(trx, { userId: member.id, kind: 'system', title, body, at: input.at });
      count = 1;
      target = `member:${member.id}`;
    }
    await auditStaffAction(trx, { ...input, by }, { action: 'push.send', target, details: `${title} (${count} member${count === 1 ? '' : 's'})`, at: input.at });
    return { count, target };
  });
}
