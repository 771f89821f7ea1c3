import type { UserInfo } from '@rigshare/domain';
import { AnnouncedCache } from './announced-cache';

/**
 * `/user/info` (the member's profile on Mine and most screens: name, avatar, level, invite codes, the
 * number of invitees) is read far more often than it changes, and holds no money. Each instance keeps
 * the answer it read for a member up to PROFILE_CACHE_SECONDS (default 60; 0 turns the cache off).
 *
 * It is kept correct by the writes, not by its age: every API write that changes what the answer shows
 * calls `changed` once it is saved (`rename` and `register`, for the inviter's count of invitees, in
 * service.ts; the avatar in features/files/routes.ts), which drops the member's entry here at once and, in a
 * fleet, announces it to the other instances (plugins/cache-announcements.ts). An instance that cannot
 * hear announcements keeps nothing, as the session cache does. What changes a profile behind the API's
 * back (a database edit: grade, VIP level and marks have no API writer) shows within
 * PROFILE_CACHE_SECONDS.
 */
export type ProfileChange = { memberId: number };

export class ProfileCache extends AnnouncedCache<number, UserInfo, ProfileChange> {
  constructor(ttlMs: number, maxEntries = 20_000) {
    super(ttlMs, maxEntries);
  }

  protected forget(change: ProfileChange): void {
    this.entries.delete(change.memberId);
  }
}
