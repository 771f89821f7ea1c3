import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { VersionedMigration } from './kit';

/** The markets served when this migration was written (frozen copy of @rigshare/domain's PHONE_COUNTRIES). */
const COUNTRIES = [
  { region: 'IN', dialCode: '91', trunkZero: true },
  { region: 'NG', dialCode: '234', trunkZero: true },
  { region: 'TR', dialCode: '90', trunkZero: true },
  { region: 'ES', dialCode: '34', trunkZero: false },
  { region: 'IT', dialCode: '39', trunkZero: false },
  { region: 'FR', dialCode: '33', trunkZero: true },
  { region: 'DE', dialCode: '49', trunkZero: true },
  { region: 'US', dialCode: '1', trunkZero: false },
  { region: 'GB', dialCode: '44', trunkZero: true },
] as const;

const PAGE = 1000;

/** A stored phone in E.164; `home` is the country of a number stored without one. */
function storedAsE164(stored: string, home: (typeof COUNTRIES)[number]): string {
  const text = stored.trim().replace(/[\s\-.()]/g, '');
  if (text.startsWith('+')) return text;
  if (text.startsWith('00')) return `+${text.slice(2)}`;
  // National form: the trunk 0 goes, the home country's dial code comes in front, whatever the digit count
  // (a number that never fitted the country still logs in with the same digits and country).
  const national = home.trunkZero && text.startsWith('0') ? text.slice(1) : text;
  return `+${home.dialCode}${national}`;
}

/**
 * Phones in E.164 (issue 54): the register screen showed a country picker but sent only the national
 * number, so members' phones were stored as typed ("9876543210") and texted without a country code.
 * Every member's phone becomes E.164: a number already stored with "+" (or "00") keeps its own country;
 * a number stored without one gets the platform's default country: PHONE_DEFAULT_COUNTRY when the
 * deployment sets it at migration time (the same variable the server reads for numbers sent without a
 * country), otherwise India (+91), the first market the app served, whose 10-digit mobile numbers the
 * seed and the first members used. A trunk 0 in front is dropped where the country uses one.
 * If the converted number already belongs to another account (the same member registered twice, once
 * with "+"), this row is left as it was, and logs in as before by the whole stored number; staff find
 * both in the console. Verification codes and the SMS outbox keep the numbers they were sent to: codes
 * expire within minutes, and the outbox is a record of what was sent.
 */
export const migration: VersionedMigration = {
  name: '0050_phones_e164',
  async up(db: Kysely<unknown>) {
    const k = db as Kysely<Database>;
    const wanted = (process.env.PHONE_DEFAULT_COUNTRY ?? '').toUpperCase();
    const home = COUNTRIES.find((c) => c.region === wanted) ?? COUNTRIES[0];
    for (let after = 0; ; ) {
      const rows = await k.selectFrom('users').select(['id', 'phone']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
      for (const row of rows) {
        const phone = storedAsE164(row.phone, home);
        if (phone === row.phone) continue;
        const taken = await k.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
        if (taken) continue;
        await k.updateTable('users').set({ phone }).where('id', '=', row.id).execute();
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].id;
    }
  },
};
