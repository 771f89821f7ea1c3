import { nationalNumber } from '@rigshare/domain';
import { AppError } from '../../errors';
import type { AppDeps } from '../../types';

const HOUR = 3_600_000;

/**
 * Charges one SMS against the hourly limits, just before a code is sent (after the captcha, the phone
 * check and the per-phone interval, so refused requests cost nothing): at most `perPrefix` texts per
 * clock hour to phones sharing their first `prefixDigits` digits (a number range rented for SMS
 * pumping), and at most `budget` texts per hour in all. Counted on the shared counters, so the limits
 * hold for the whole fleet. Over a limit the member reads when to try again; the operator gets one
 * log line per limit and hour, when it is first reached.
 */
/** The clock hour's key of the texts counted against SMS_HOURLY_BUDGET. */
const hourKey = (now: number) => `sms:all:${Math.floor(now / HOUR)}`;

/** How much of this clock hour's SMS budget is spent, 0..1 (1 when the budget is 0: no text may go). */
export async function smsBudgetUsed(deps: Pick<AppDeps, 'config' | 'clock' | 'counters'>): Promise<number> {
  const { budget } = deps.config.rateLimits.smsPerHour;
  const used = await deps.counters.read(hourKey(deps.clock().getTime()));
  return budget === 0 ? 1 : Math.min(1, used / budget);
}

export async function chargeSmsBudget(deps: AppDeps, phone: string): Promise<void> {
  const rule = deps.config.rateLimits.smsPerHour;
  const now = deps.clock().getTime();
  const hour = Math.floor(now / HOUR);
  const minutes = Math.max(1, Math.ceil(((hour + 1) * HOUR - now) / 60_000));
  // The range is counted in the national number, per country: "+91 98765..." and "+1 98765..." are two ranges.
  const national = nationalNumber(phone);
  const country = phone.slice(0, phone.length - national.length);
  const prefix = `${country}${national.replace(/\D/g, '').slice(0, rule.prefixDigits)}`;
  const toPrefix = await deps.counters.increment(`sms:prefix:${prefix}:${hour}`, 2 * HOUR);
  if (toPrefix > rule.perPrefix) {
    if (toPrefix === rule.perPrefix + 1) {
      deps.log.warn({ prefix, limit: rule.perPrefix }, `sms limit per number prefix reached: codes to ${prefix}... refused until the next hour (SMS_PREFIX_HOURLY)`);
    }
    throw new AppError(429, 'smsPrefixLimit', { minutes });
  }
  const total = await deps.counters.increment(hourKey(now), 2 * HOUR);
  if (total > rule.budget) {
    if (total === rule.budget + 1) {
      deps.log.error({ budget: rule.budget }, 'sms hourly budget spent: verification codes refused until the next hour (SMS_HOURLY_BUDGET)');
    }
    throw new AppError(429, 'smsBudgetExceeded', { minutes });
  }
}
