import type { Kysely } from 'kysely';
import { formatAmount } from '@rigshare/domain';
import type { Database } from '../db/schema';
import { addUnread } from './unread';
import type { MessageKey, MessageParams } from '../i18n';

/**
 * How anything on the server tells a member about an event: one row in their messages (the messages
 * feature lists and reads them). A layer under the features, so the jobs (rewards paid) use it too.
 */

export type MessageKind = 'security' | 'wallet' | 'system';

export type Notice =
  | { titleKey: MessageKey; bodyKey: MessageKey; params?: MessageParams }
  /** Staff's own words, shown as written in every language. */
  | { title: string; body: string };

type MemberNotice = { userId: number; kind: MessageKind; at: Date } & Notice;

/** Adds a message for the member (and one to their unread count); pass the caller's transaction as `db` to keep it with the event. */
export function notifyMember(db: Kysely<Database>, input: MemberNotice): Promise<number> {
  return together(db, async (trx) => {
    const row = await trx.insertInto('push_messages').values(messageRow(input)).returning('id').executeTakeFirstOrThrow();
    await addUnread(trx, [input.userId], input.at);
    return row.id;
  });
}

/** Adds many members' messages in one statement (a reward payout tells each member it paid). */
export async function notifyMembers(db: Kysely<Database>, inputs: readonly MemberNotice[]): Promise<void> {
  if (inputs.length === 0) return;
  await together(db, async (trx) => {
    await trx.insertInto('push_messages').values(inputs.map(messageRow)).execute();
    await addUnread(trx, inputs.map((i) => i.userId), inputs[0]!.at);
  });
}

/**
 * A message and the unread count it adds to commit together, or a read in between would see the message
 * without its count: in the caller's transaction, or in one of their own.
 */
function together<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Tells the member a deposit reached their balance (a chain deposit credited, a cash recharge confirmed); `amount` in micro-units. */
export function notifyDepositCredited(db: Kysely<Database>, input: { userId: number; amount: bigint; at: Date }): Promise<number> {
  const { userId, amount, at } = input;
  return notifyMember(db, { userId, kind: 'wallet', titleKey: 'pushDepositCreditedTitle', bodyKey: 'pushDepositCreditedBody', params: { amount: formatAmount(amount) }, at });
}

function messageRow(input: MemberNotice) {
  const keyed = 'titleKey' in input;
  return {
    user_id: input.userId,
    kind: input.kind,
    title_key: keyed ? input.titleKey : null,
    body_key: keyed ? input.bodyKey : null,
    params: keyed && input.params ? JSON.stringify(input.params) : null,
    title_text: keyed ? null : input.title,
    body_text: keyed ? null : input.body,
    is_read: 0,
    created_at: input.at.toISOString(),
  };
}
