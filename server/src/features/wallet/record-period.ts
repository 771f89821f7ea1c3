import { isTimeZone, recordMonthRange } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';

/** A records list's period: ISO instants [from, to), compared with the rows' `created_at`. */
export interface RecordPeriod {
  from: string;
  to: string;
}

/**
 * The `month` filter of the record lists as instants. The month is read in the zone the browser sends
 * (the zone the screen prints the records' times in), else the member's sign-in zone, else UTC.
 * No month: no period (all time).
 */
export async function recordPeriodOf(k: Kysely<Database>, userId: number, query: { month?: string; timeZone?: string }): Promise<RecordPeriod | undefined> {
  const month = (query.month ?? '').trim();
  if (!month) return undefined;
  const requested = (query.timeZone ?? '').trim();
  if (requested && !isTimeZone(requested)) throw new AppError(400, 'timeZoneInvalid');
  const saved = requested ? undefined : await k.selectFrom('member_time_zones').select('time_zone').where('user_id', '=', userId).executeTakeFirst();
  return recordMonthRange(month, requested || saved?.time_zone || 'UTC');
}
