/** The ten interface languages: i18next language tag <-> the Language header code the API reads. */
export const LOCALES = [
  { tag: 'en-US', header: 'en_US', name: 'English' },
  { tag: 'hi-IN', header: 'hi_IN', name: 'हिन्दी' },
  { tag: 'ta-IN', header: 'ta_IN', name: 'தமிழ்' },
  { tag: 'te-IN', header: 'te_IN', name: 'తెలుగు' },
  { tag: 'kn-IN', header: 'kn_IN', name: 'ಕನ್ನಡ' },
  { tag: 'tr-TR', header: 'tr_TR', name: 'Türkçe' },
  { tag: 'es-ES', header: 'es_ES', name: 'Español' },
  { tag: 'it-IT', header: 'it_IT', name: 'Italiano' },
  { tag: 'fr-FR', header: 'fr_FR', name: 'Français' },
  { tag: 'de-DE', header: 'de_DE', name: 'Deutsch' },
] as const;

export type LocaleTag = (typeof LOCALES)[number]['tag'];
export type LocaleHeader = (typeof LOCALES)[number]['header'];
export const DEFAULT_LOCALE: LocaleTag = 'en-US';
export const LOCALE_TAGS: readonly LocaleTag[] = LOCALES.map((l) => l.tag);

export function isLocaleTag(value: unknown): value is LocaleTag {
  return typeof value === 'string' && (LOCALE_TAGS as readonly string[]).includes(value);
}

export function headerCodeFor(tag: string): LocaleHeader {
  return LOCALES.find((l) => l.tag === tag)?.header ?? 'en_US';
}

export function tagForHeader(header: string | undefined): LocaleTag {
  return LOCALES.find((l) => l.header === header)?.tag ?? DEFAULT_LOCALE;
}
