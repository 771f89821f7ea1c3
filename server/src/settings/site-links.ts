import type { Kysely } from 'kysely';
import { auditStaffAction, type ActedBy } from '../audit';
import type { Database } from '../db/schema';
import { OperatorError } from '../operator-error';

/**
 * The links staff keep in the console: customer service (the app's "contact us") and the group members
 * join for the join-group reward. Until staff set one, the environment's value (SERVICE_LINK,
 * TEAM_GROUP_URL) stands; a layer under the features, read by system and team alike.
 */
export const SITE_LINKS = ['serviceLink', 'groupLink'] as const;
export type SiteLinkKey = (typeof SITE_LINKS)[number];

export interface SiteLink {
  key: SiteLinkKey;
  value: string;
  /** Who set it in the console; null while the environment's value stands. */
  updatedBy: string | null;
  updatedAt: string | null;
}

const URL = /^https?:\/\/[^\s"'<>]{1,490}$/;

/** The link now: what staff set, else the environment's default. */
export async function siteLink(db: Kysely<Database>, key: SiteLinkKey, fallback: string): Promise<string> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? fallback;
}

export async function siteLinks(db: Kysely<Database>, fallbacks: Record<SiteLinkKey, string>): Promise<SiteLink[]> {
  const rows = await db.selectFrom('site_settings').selectAll().where('key', 'in', [...SITE_LINKS]).execute();
  return SITE_LINKS.map((key) => {
    const row = rows.find((r) => r.key === key);
    return row ? { key, value: row.value, updatedBy: row.updated_by, updatedAt: row.updated_at } : { key, value: fallbacks[key], updatedBy: null, updatedAt: null };
  });
}

/** Sets a link (an http or https address), with who and when; one audit row with the value before. */
export async function setSiteLink(db: Kysely<Database>, input: { key: SiteLinkKey; value: string; fallback: string; at: Date } & ActedBy): Promise<SiteLink> {
  const value = input.value.trim();
  if (!URL.test(value)) throw new OperatorError('The link is an http:// or https:// address (at most 500 characters)');
  const at = input.at.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('site_settings').select('value').where('key', '=', input.key).executeTakeFirst();
    const row = { key: input.key, value, updated_by: input.by.slice(0, 100), updated_at: at };
    if (before) await trx.updateTable('site_settings').set(row).where('key', '=', input.key).execute();
    else await trx.insertInto('site_settings').values(row).execute();
    await auditStaffAction(trx, input, {
      action: 'link.set',
      target: `link:${input.key}`,
      before: before?.value ?? `${input.fallback || '(none)'} (environment)`,
      after: value,
      at: input.at,
    });
    return { key: input.key, value, updatedBy: row.updated_by, updatedAt: at };
  });
}
