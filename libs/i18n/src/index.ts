import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_TAGS, headerCodeFor, isLocaleTag, type LocaleTag } from '@rigshare/domain';

export { LOCALES, DEFAULT_LOCALE, headerCodeFor } from '@rigshare/domain';
export type { LocaleTag } from '@rigshare/domain';

/** Loads one namespace's resource for one language tag, e.g. `import('../locales/hi-IN/wallet.json')`. */
export type NamespaceLoader = (languageTag: string) => Promise<Record<string, unknown>>;

const loaders = new Map<string, NamespaceLoader>();

/**
 * An i18next backend that asks whichever module registered a namespace for its resource. Each
 * remote ships its own `locales/<lng>/<ns>.json` and registers a loader, so translations arrive
 * with the code that uses them and a language switch reloads every namespace already in use.
 */
const registryBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders.get(namespace);
    if (!load) return callback(new Error(`No translations registered for namespace "${namespace}"`), false);
    load(language).then(
      (resource) => callback(null, ((resource as { default?: unknown }).default ?? resource) as Record<string, unknown>),
      (error: Error) => callback(error, false),
    );
  },
};

/** The `common` namespace of one language (also read at build time for the first paint's markup). */
export const commonLoader: NamespaceLoader = (lng) => import(`../locales/${lng}/common.json`);

export const i18n = i18next;

/** Starts i18next once in the page with the language kept in local storage (default en-US). */
export async function initI18n(initialLanguage: string | null): Promise<typeof i18next> {
  loaders.set('common', commonLoader);
  if (i18next.isInitialized) return i18next;
  await i18next
    .use(registryBackend)
    .use(initReactI18next)
    .init({
      lng: isLocaleTag(initialLanguage) ? initialLanguage : DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALE_TAGS],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18next;
}

/** A remote (or the shell) registers the namespace it owns and waits until it is loaded. */
export async function registerNamespace(namespace: string, loader: NamespaceLoader): Promise<void> {
  loaders.set(namespace, loader);
  await i18next.loadNamespaces(namespace);
}

export async function changeLanguage(tag: LocaleTag): Promise<void> {
  await i18next.changeLanguage(tag);
  if (typeof document !== 'undefined') document.documentElement.lang = tag;
}

/** The Language header value for the current language (en_US when none). */
export function currentHeaderCode(): string {
  return headerCodeFor(i18next.language ?? DEFAULT_LOCALE);
}
export { formatDateTime } from './format-date-time';
import { formatMoney, formatMoneyAlike, formatUsdt, type MoneyFormat } from './format-money';
export { formatMoney, formatMoneyAlike, formatUsdt, type MoneyFormat } from './format-money';

/** An amount (micro-units) in the page's current language: formatMoney with the language i18next shows. */
export function money(micro: bigint | string, options?: MoneyFormat): string {
  return formatMoney(micro, i18next.language || DEFAULT_LOCALE, options);
}

/** An amount with its currency in the page's current language: formatUsdt, e.g. "12.50 USDT". */
export function usdt(micro: bigint | string, options?: MoneyFormat): string {
  return formatUsdt(micro, i18next.language || DEFAULT_LOCALE, options);
}

/** Amounts shown together (formatMoneyAlike) in the page's current language. */
export function moneyAlike(amounts: (bigint | string)[]): string[] {
  return formatMoneyAlike(amounts, i18next.language || DEFAULT_LOCALE);
}
