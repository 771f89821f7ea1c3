import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { VersionedMigration } from './kit';

/** The default display name before this migration: "9876543210" -> "98****3210" (frozen copy). */
function formerDefaultName(phone: string): string {
  if (phone.length <= 6) return phone;
  return `${phone.slice(0, 2)}${'*'.repeat(Math.min(4, phone.length - 6))}${phone.slice(-4)}`;
}

/** `maskPhone` of @rigshare/domain when this migration was written (frozen copy). */
function maskedPhone(phone: string): string {
  const digits = phone.trim();
  const [head, tail] = digits.length >= 9 ? [3, 2] : digits.length >= 6 ? [2, 1] : [1, 0];
  return `${digits.slice(0, head)}****${digits.slice(digits.length - tail)}`;
}

const PAGE = 1000;

/**
 * One way to show a phone number: the default display name (a member who never chose one) was masked by
 * its own rule ("98****3210") while Mine showed "900****001" and team lists "987....21". Every screen now
 * uses @rigshare/domain's `maskPhone`; members still named by the former rule get the new one. A name a
 * member chose is never touched, even one that looks masked, unless it is exactly their former default.
 */
export const migration: VersionedMigration = {
  name: '0037_masked_default_names',
  async up(db: Kysely<unknown>) {
    const k = db as Kysely<Database>;
    for (let after = 0; ; ) {
      const rows = await k
        .selectFrom('users')
        .select(['id', 'phone', 'name'])
        .where('id', '>', after)
        .where('name', 'like', '%*%')
        .orderBy('id')
        .limit(PAGE)
        .execute();
      for (const row of rows) {
        if (row.name !== formerDefaultName(row.phone)) continue;
        await k.updateTable('users').set({ name: maskedPhone(row.phone) }).where('id', '=', row.id).where('name', '=', row.name).execute();
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].id;
    }
  },
};
