import { phoneLookupKey, toE164 } from '@rigshare/domain';
import { AppError } from '../../errors';
import type { AppDeps } from '../../types';

/** A phone as a form sends it: the number as typed and the country picked beside it (ISO code). */
export interface PhoneInput {
  phone: string;
  country?: string;
}

/** The E.164 number a code is texted to and an account is stored under; 400 when it is no number of a market served. */
export function e164Phone(deps: AppDeps, input: PhoneInput): string {
  const phone = toE164(input.phone, input.country || deps.config.phoneDefaultRegion);
  if (!phone) throw new AppError(400, 'phoneInvalid');
  return phone;
}

/** The stored form to find an account by, judging nothing (a number stored before the rules still logs in). */
export function phoneKey(deps: AppDeps, input: PhoneInput): string {
  return phoneLookupKey(input.phone, input.country || deps.config.phoneDefaultRegion);
}
