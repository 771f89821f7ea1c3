import { INVITE_MESSAGE_MAX, INVITE_PLACEHOLDERS, type AdminInviteMessage } from '@rigshare/api-schema';
import { DEFAULT_LOCALE, hasRefusedControlCharacters, isLocaleTag, LOCALE_TAGS, type LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { auditStaffAction, type ActedBy } from '../audit';
import type { Database } from '../db/schema';
import { translate } from '../i18n';
import { OperatorError } from '../operator-error';

/**
 * The invite message members share, as staff set it in the console: one text per language (a row of
 * `site_settings` each, key `inviteMessage.<tag>`), English required, other languages falling back to
 * it. Until staff set one, members get the app's own translated text. {link} and {code} stand for the
 * member's own invite link and code; a layer under the features, read by team and set by staff.
 */
const KEY_PREFIX = 'inviteMessage.';
const keyOf = (tag: LocaleTag) => KEY_PREFIX + tag;
const ALL_KEYS = LOCALE_TAGS.map(keyOf);

/** Every placeholder written in a text, `{...}` with whatever stands between the braces. */
const PLACEHOLDER = /\{[^{}]*\}/g;

export async function inviteMessageTexts(db: Kysely<Database>): Promise<AdminInviteMessage> {
  const rows = await db.selectFrom('site_settings').selectAll().where('key', 'in', ALL_KEYS).execute();
  const texts: Record<string, string> = {};
  for (const row of rows) texts[row.key.slice(KEY_PREFIX.length)] = row.value;
  const english = rows.find((r) => r.key === keyOf(DEFAULT_LOCALE));
  return { texts, updatedBy: english?.updated_by ?? null, updatedAt: english?.updated_at ?? null };
}

/** The text for one language before filling: staff's in that language, else staff's English, else the app's own. */
async function template(db: Kysely<Database>, locale: LocaleTag): Promise<string> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).where('key', 'in', [keyOf(locale), keyOf(DEFAULT_LOCALE)]).execute();
  const own = rows.find((r) => r.key === keyOf(locale)) ?? rows.find((r) => r.key === keyOf(DEFAULT_LOCALE));
  return own?.value ?? translate(locale, 'inviteMessage');
}

/** The message a member shares: the placeholders filled with their own link and code; the link added at the end when the text has none. */
export async function memberInviteMessage(db: Kysely<Database>, locale: LocaleTag, invite: { shareUrl: string; inviteCode: string }): Promise<string> {
  const text = await template(db, locale);
  const filled = text.replace(PLACEHOLDER, (p) => (p === '{link}' ? invite.shareUrl : p === '{code}' ? invite.inviteCode : p));
  return text.includes('{link}') ? filled : `${filled}\n${invite.shareUrl}`;
}

function checkedTexts(texts: Record<string, string>): Map<LocaleTag, string> {
  const checked = new Map<LocaleTag, string>();
  for (const [tag, raw] of Object.entries(texts)) {
    if (!isLocaleTag(tag)) throw new OperatorError(`"${tag}" is not a language of the app (${LOCALE_TAGS.join(', ')})`);
    const text = raw.trim();
    if (!text) continue;
    if (text.length > INVITE_MESSAGE_MAX) throw new OperatorError(`The ${tag} invite message is at most ${INVITE_MESSAGE_MAX} characters`);
    if (hasRefusedControlCharacters(text)) throw new OperatorError(`The ${tag} invite message holds a control character`);
    const unknown = (text.match(PLACEHOLDER) ?? []).filter((p) => !(INVITE_PLACEHOLDERS as readonly string[]).includes(p));
    if (unknown.length) throw new OperatorError(`The ${tag} invite message has ${unknown.join(', ')}: the placeholders are ${INVITE_PLACEHOLDERS.join(' and ')}`);
    checked.set(tag, text);
  }
  if (!checked.has(DEFAULT_LOCALE)) throw new OperatorError(`The English (${DEFAULT_LOCALE}) invite message is required; other languages fall back to it`);
  return checked;
}

/** Replaces the message in every language at once (an empty language falls back to English); one audit row with the texts before and after. */
export async function setInviteMessage(db: Kysely<Database>, input: { texts: Record<string, string>; at: Date } & ActedBy): Promise<AdminInviteMessage> {
  const texts = checkedTexts(input.texts);
  const at = input.at.toISOString();
  const by = input.by.slice(0, 100);
  return db.transaction().execute(async (trx) => {
    const before = await inviteMessageTexts(trx);
    await trx.deleteFrom('site_settings').where('key', 'in', ALL_KEYS).execute();
    await trx
      .insertInto('site_settings')
      .values([...texts].map(([tag, value]) => ({ key: keyOf(tag), value, updated_by: by, updated_at: at })))
      .execute();
    const after = Object.fromEntries(texts);
    await auditStaffAction(trx, input, {
      action: 'inviteMessage.set',
      target: 'setting:inviteMessage',
      before: before.updatedBy ? JSON.stringify(before.texts) : "(the app's own text)",
      after: JSON.stringify(after),
      at: input.at,
    });
    return { texts: after, updatedBy: by, updatedAt: at };
  });
}
