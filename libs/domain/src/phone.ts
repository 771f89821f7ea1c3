/**
 * Phone numbers in E.164 ("+919876543210"): how the server stores them, texts them and finds members by
 * them. Members type the national number and pick their country; screens show the national form. The
 * markets served, with their dial codes and how many digits a national (mobile) number has there.
 */
export interface PhoneCountry {
  /** ISO 3166 region code, what the register screen sends as `country`. */
  region: string;
  dialCode: string;
  /** Digits of the national significant number (no trunk 0), fewest and most. */
  digits: readonly [number, number];
  /** A leading 0 typed in national form is the trunk prefix, not part of the number. */
  trunkZero: boolean;
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { region: 'IN', dialCode: '+91', digits: [10, 10], trunkZero: true },
  { region: 'NG', dialCode: '+234', digits: [10, 10], trunkZero: true },
  { region: 'TR', dialCode: '+90', digits: [10, 10], trunkZero: true },
  { region: 'ES', dialCode: '+34', digits: [9, 9], trunkZero: false },
  { region: 'IT', dialCode: '+39', digits: [9, 10], trunkZero: false },
  { region: 'FR', dialCode: '+33', digits: [9, 9], trunkZero: true },
  { region: 'DE', dialCode: '+49', digits: [10, 11], trunkZero: true },
  { region: 'US', dialCode: '+1', digits: [10, 10], trunkZero: false },
  { region: 'GB', dialCode: '+44', digits: [10, 10], trunkZero: true },
];

/** The country a number without one belongs to, unless the deployment says otherwise (PHONE_DEFAULT_COUNTRY). */
export const DEFAULT_PHONE_REGION = 'IN';

export function phoneCountry(region: string): PhoneCountry | undefined {
  return PHONE_COUNTRIES.find((c) => c.region === region.toUpperCase());
}

/** The country of an E.164 number, by its dial code (longest match). */
function countryOfInternational(digitsWithPlus: string): PhoneCountry | undefined {
  return [...PHONE_COUNTRIES].sort((a, b) => b.dialCode.length - a.dialCode.length).find((c) => digitsWithPlus.startsWith(c.dialCode));
}

/** Spaces, dashes, dots and brackets go; "00" in front means "+". */
function compact(input: string): string {
  const text = input.trim().replace(/[\s\-.()]/g, '');
  return text.startsWith('00') ? `+${text.slice(2)}` : text;
}

/**
 * The number in E.164, or null when it is not a number of a market served: "+91 98765 43210", or
 * "09876543210" / "9876543210" with region IN, give "+919876543210". A number typed with its "+" keeps
 * its own country whatever the region says.
 */
export function toE164(input: string, region: string): string | null {
  const text = compact(input);
  if (!/^\+?[0-9]+$/.test(text)) return null;
  let country: PhoneCountry | undefined;
  let national: string;
  if (text.startsWith('+')) {
    country = countryOfInternational(text);
    if (!country) return null;
    national = text.slice(country.dialCode.length);
  } else {
    country = phoneCountry(region);
    if (!country) return null;
    national = country.trunkZero && text.startsWith('0') ? text.slice(1) : text;
  }
  const [fewest, most] = country.digits;
  if (national.length < fewest || national.length > most || national.startsWith('0')) return null;
  return country.dialCode + national;
}

/**
 * The stored form to look a member up by, without judging the number: a valid number gives its E.164,
 * anything else "+<dial code><digits>" so a number stored before the rules (migration 0050) still logs in.
 */
export function phoneLookupKey(input: string, region: string): string {
  const strict = toE164(input, region);
  if (strict) return strict;
  const text = compact(input);
  if (text.startsWith('+')) return text;
  return `${phoneCountry(region)?.dialCode ?? ''}${text}`;
}

/** What a member reads: the national number of an E.164 one ("+919876543210" -> "9876543210"). */
export function nationalNumber(phone: string): string {
  const text = phone.trim();
  if (!text.startsWith('+')) return text;
  const country = countryOfInternational(text);
  return country ? text.slice(country.dialCode.length) : text;
}

/** The country and national number of an E.164 number, for a form to show it; null for any other text. */
export function phoneParts(phone: string): { region: string; national: string } | null {
  const text = phone.trim();
  const country = text.startsWith('+') ? countryOfInternational(text) : undefined;
  return country ? { region: country.region, national: text.slice(country.dialCode.length) } : null;
}
