import type { AdminAppRelease } from '@rigshare/api-schema';
import type { Kysely, Selectable } from 'kysely';
import { auditStaffAction, type Acting } from '../../audit';
import type { AppVersionsTable, Database } from '../../db/schema';
import { OperatorError } from '../../operator-error';

export const PLATFORMS = ['ANDROID', 'IOS'] as const;

/** A release of the installable app: members on an older code are offered it (and must take it when compulsory). */
export type AppRelease = AdminAppRelease;

/** A release to publish; the platform is checked here, as the command line passes any text. */
export type AppReleaseDraft = Omit<AppRelease, 'id' | 'createdAt'>;

const release = (r: Selectable<AppVersionsTable>): AppRelease => ({
  id: r.id,
  platform: r.platform,
  version: r.version,
  code: r.code,
  downUrl: r.down_url,
  notes: r.extra,
  compulsory: r.compulsory === 1,
  createdAt: r.created_at,
});

/** Every release, newest first. */
export async function appReleases(db: Kysely<Database>): Promise<AppRelease[]> {
  const rows = await db.selectFrom('app_versions').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(release);
}

/**
 * Publishes a release. Its code must be above every earlier release of the platform (the update check
 * compares codes), so a mistyped code cannot hide the newest release. One audit row.
 */
export async function publishAppRelease(db: Kysely<Database>, input: { draft: AppReleaseDraft } & Acting): Promise<AppRelease> {
  const d = input.draft;
  const platform = d.platform.trim().toUpperCase();
  if (!(PLATFORMS as readonly string[]).includes(platform)) throw new OperatorError('The platform is ANDROID or IOS');
  const version = d.version.trim();
  if (!/^[0-9]{1,4}(\.[0-9]{1,4}){0,3}$/.test(version)) throw new OperatorError('The version is like 1.4.2');
  if (!Number.isInteger(d.code) || d.code < 1) throw new OperatorError('The version code is a positive whole number');
  const downUrl = d.downUrl.trim();
  if (!/^https:\/\/[^\s"'<>]{1,490}$/.test(downUrl)) throw new OperatorError('The download address starts with https://');
  const notes = d.notes.trim();
  if (notes.length > 2000) throw new OperatorError('The release notes are at most 2000 characters');
  return db.transaction().execute(async (trx) => {
    const newest = await trx.selectFrom('app_versions').select('code').where('platform', '=', platform).orderBy('code', 'desc').executeTakeFirst();
    if (newest && d.code <= newest.code) throw new OperatorError(`The version code must be above ${newest.code}, the newest ${platform} release`);
    const row = await trx
      .insertInto('app_versions')
      .values({ platform, version, code: d.code, down_url: downUrl, extra: notes, compulsory: d.compulsory ? 1 : 0, created_at: input.at.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaffAction(trx, input, {
      action: 'app.release',
      target: `app:${platform}:${d.code}`,
      after: `${platform} ${version} (${d.code})${d.compulsory ? ', compulsory' : ''}: ${downUrl}`,
      at: input.at,
    });
    return release(row);
  });
}
