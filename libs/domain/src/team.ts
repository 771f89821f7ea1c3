/**
 * Team and reward rules (issue 10), shared by the server and the team remote.
 * Rewards are paid from a staff-funded rewards budget (DESIGN.md section 1), never from members' money.
 */

export const TEAM_LEVELS = ['A', 'B', 'C'] as const;
export type TeamLevel = (typeof TEAM_LEVELS)[number];

/** Reward kinds, as the API and the reward centre name them. */
export const REWARD_KINDS = ['referral', 'team', 'signin', 'register', 'joingroup', 'video'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/**
 * The reward settings staff keep (console catalogue, `admin rewards:set`): the Referral Bonus and Team
 * Benefits share per level (a rate, stored in basis points) and the fixed rewards (an amount, micro-units).
 */
export const REWARD_SETTINGS = {
  referral_a: 'rate',
  referral_b: 'rate',
  referral_c: 'rate',
  team_a: 'rate',
  team_b: 'rate',
  team_c: 'rate',
  signin: 'amount',
  register: 'amount',
  joingroup: 'amount',
  video: 'amount',
} as const;
export type RewardSettingName = keyof typeof REWARD_SETTINGS;
export const REWARD_SETTING_NAMES = Object.keys(REWARD_SETTINGS) as RewardSettingName[];

/** Pending: waiting for the rewards budget; Paid: credited to the member's wallet. */
export const REWARD_STATUSES = ['Pending', 'Paid'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

/** A share in basis points (1/100 of a percent, 0..10000) of a micro-unit amount, rounded down. */
export function shareOf(amount: bigint, basisPoints: number): bigint {
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) throw new Error(`Not a rate in basis points: ${basisPoints}`);
  return (amount * BigInt(basisPoints)) / 10_000n;
}

/** Team list paging: page numbers from 1, at most 100 rows a page. */
export const TEAM_PAGE_SIZE_MAX = 100;

/** True when `zone` is an IANA time zone this runtime knows ("Asia/Kolkata", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of `at` in `zone`. */
export function localDay(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Consecutive days signed ending on `today` (or yesterday, when today is not signed yet), from days newest first. */
export function signStreak(daysNewestFirst: readonly string[], today: string): number {
  const days = new Set(daysNewestFirst);
  let day = days.has(today) ? today : previousDay(today);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = previousDay(day);
  }
  return streak;
}

/** Whether a link is an http(s) URL on one of the configured video sites (the host or a subdomain of it). */
export function isVideoSiteUrl(text: string, sites: readonly string[]): boolean {
  const match = /^https?:\/\/([^/?#\s]+)([/?#]\S*)?$/i.exec(text.trim());
  if (!match || match[1].includes('@')) return false; // no user@host trick
  const host = match[1].replace(/:[0-9]+$/, '').replace(/\.$/, '').toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(host)) return false;
  return sites.some((site) => host === site || host.endsWith(`.${site}`));
}
