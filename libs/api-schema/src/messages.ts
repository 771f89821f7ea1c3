/** The member's own messages (host /api/push). */
import { AUTH, errors, Id, Nullable, Ok, Page, Paged, PagingQuery, Time, Type, type Static } from './common';

const messages = ['Messages'];

export const PushMessage = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('security'), Type.Literal('wallet'), Type.Literal('system')]),
  title: Type.String({ description: "In the reader's language, or staff's own text as written." }),
  content: Type.String(),
  read: Type.Boolean(),
  createTime: Time(),
});
export type PushMessage = Static<typeof PushMessage>;

export const NewsKind = Type.Union([Type.Literal('news'), Type.Literal('notice')]);
export type NewsKind = Static<typeof NewsKind>;

/** A news item or notice as staff published it (plain text, shown as written). */
export const NewsItem = Type.Object({
  id: Type.Integer(),
  kind: NewsKind,
  title: Type.String(),
  content: Type.String({ description: 'Plain text; line breaks kept.' }),
  publishTime: Time(),
});
export type NewsItem = Static<typeof NewsItem>;

/** A member's feedback and staff's reply when there is one. */
export const Feedback = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  phone: Nullable(Type.String()),
  attachment: Type.Boolean({ description: 'Whether an image was attached.' }),
  reply: Nullable(Type.String({ description: "Staff's reply as written." })),
  replyTime: Nullable(Time()),
  createTime: Time(),
});
export type Feedback = Static<typeof Feedback>;

export const messagesSchemas = {
  unread: { tags: messages, summary: "How many of the member's messages are unread", response: { 200: Ok(Type.Object({ count: Type.Integer({ minimum: 0 }) })), ...errors(...AUTH) } },
  markRead: {
    tags: messages,
    summary: "Mark one of the member's messages read (id), or all of them (no id); answers the unread count after",
    body: Type.Object({ id: Type.Optional(Id({ description: 'A message of the caller; absent marks every message read.' })) }),
    response: { 200: Ok(Type.Object({ count: Type.Integer({ minimum: 0 }) })), ...errors(401, 404) },
  },
  records: { tags: messages, summary: "The member's messages, newest first", querystring: PagingQuery, response: { 200: Ok(Page(PushMessage)), ...errors(...AUTH) } },
  newsList: {
    tags: messages,
    summary: 'Published news (kind news, the default) or notices, newest first',
    querystring: Paged({ kind: Type.Optional(NewsKind) }),
    response: { 200: Ok(Page(NewsItem)), ...errors(...AUTH) },
  },
  newsDetail: { tags: messages, summary: 'One published news item or notice', querystring: Type.Object({ id: Id() }), response: { 200: Ok(NewsItem), ...errors(401, 404) } },
  feedbackCreate: {
    tags: messages,
    summary: 'Send feedback (multipart/form-data: content of more than ten words, optional phone, optional image part "file": PNG, JPEG, WebP or GIF up to 20 MB and 16 megapixels)',
    consumes: ['multipart/form-data'],
    response: { 200: Ok(Feedback), ...errors(401, 413, 415) },
  },
  feedbackList: { tags: messages, summary: "The member's feedback with staff's replies, newest first", querystring: PagingQuery, response: { 200: Ok(Page(Feedback)), ...errors(...AUTH) } },
};
