import { DEFAULT_LOCALE, tagForHeader, type LocaleTag } from '@rigshare/domain';
import deDE from './messages/de-DE.json';
import enUS from './messages/en-US.json';
import esES from './messages/es-ES.json';
import frFR from './messages/fr-FR.json';
import hiIN from './messages/hi-IN.json';
import itIT from './messages/it-IT.json';
import knIN from './messages/kn-IN.json';
import taIN from './messages/ta-IN.json';
import teIN from './messages/te-IN.json';
import trTR from './messages/tr-TR.json';

export type MessageKey = keyof typeof enUS;
export type MessageParams = Record<string, string | number>;

export const CATALOGUES: Record<LocaleTag, Record<string, string>> = {
  'en-US': enUS,
  'hi-IN': hiIN,
  'ta-IN': taIN,
  'te-IN': teIN,
  'kn-IN': knIN,
  'tr-TR': trTR,
  'es-ES': esES,
  'it-IT': itIT,
  'fr-FR': frFR,
  'de-DE': deDE,
};

/** The caller's locale from the Language header (en_US, hi_IN, ...); English when absent or unknown. */
export function localeOf(header: string | string[] | undefined): LocaleTag {
  return tagForHeader(Array.isArray(header) ? header[0] : header);
}

export function translate(locale: LocaleTag, key: MessageKey, params: MessageParams = {}): string {
  const template = CATALOGUES[locale]?.[key] ?? CATALOGUES[DEFAULT_LOCALE][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A name that ends in an abbreviation's full stop ("Rigshare Operations Ltd.") set inside a sentence:
 * the sentence's own full stop stands for both, as typesetting does.
 */
export function inSentence(name: string): string {
  return name.replace(/\.$/, '');
}
