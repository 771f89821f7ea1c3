import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { exchangeRates } from '../income';
import { siteLink } from '../../settings/site-links';

/**
 * The one list of settings a member's screen depends on: while one is empty the member meets a channel
 * that is not set up (the screens say so), and the console's dashboard lists it with where staff set it.
 */
export const MEMBER_SETTINGS = ['serviceLink', 'groupLink', 'rechargeChannels', 'exchangeRates'] as const;
export type MemberSettingKey = (typeof MEMBER_SETTINGS)[number];

/** Where in the console staff set each (the admin's catalogue tabs, finance's rates page). */
export const SETTING_PLACES: Record<MemberSettingKey, string> = {
  serviceLink: '/console/catalogue?tab=links',
  groupLink: '/console/catalogue?tab=links',
  rechargeChannels: '/console/catalogue?tab=channels',
  exchangeRates: '/console/rates',
};

export interface UnsetSetting {
  key: MemberSettingKey;
  setAt: string;
  /** What is missing, when more than the key says (the currencies without a rate fit to convert at). */
  detail: string | null;
}

type Reader = (db: Kysely<Database>, config: Config, now: Date) => Promise<string | null | false>;

/** Each setting's check: false when it is set; otherwise null, or the detail of what is missing. */
const MISSING: Record<MemberSettingKey, Reader> = {
  // Customer service: the header's button, and every cash channel's instructions send members there.
  serviceLink: async (db, config) => ((await siteLink(db, 'serviceLink', config.serviceLink)).trim() ? false : null),
  // The join-group reward's first step is the group link.
  groupLink: async (db, config) => ((await siteLink(db, 'groupLink', config.team.groupUrl)).trim() ? false : null),
  rechargeChannels: async (db) => ((await db.selectFrom('pay_channels').select('id').where('active', '=', 1).executeTakeFirst()) ? false : null),
  // A cash channel converts at its currency's rate; a missing or stale one stops its recharges.
  exchangeRates: async (db, config, now) => {
    const channels = await db.selectFrom('pay_channels').select('currency').distinct().where('active', '=', 1).execute();
    const rates = await exchangeRates(db, now, config.rateMaxAgeMs);
    const without = channels.map((c) => c.currency).filter((currency) => !rates.some((r) => r.currency === currency && !r.stale));
    return without.length ? without.sort().join(', ') : false;
  },
};

/** The settings members depend on that are empty now, in the list's order. */
export async function unsetMemberSettings(db: Kysely<Database>, config: Config, now: Date): Promise<UnsetSetting[]> {
  const unset: UnsetSetting[] = [];
  for (const key of MEMBER_SETTINGS) {
    const missing = await MISSING[key](db, config, now);
    if (missing !== false) unset.push({ key, setAt: SETTING_PLACES[key], detail: missing });
  }
  return unset;
}
