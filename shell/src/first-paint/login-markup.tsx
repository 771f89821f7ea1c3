/**
 * Built for Node and run once per production build (tools/rsbuild/first-paint.ts): the login
 * screen as static HTML in each of the ten languages, inside the same frame the shell draws, so
 * index.html paints the form before any JavaScript has arrived. Nothing here runs in the browser.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DEFAULT_LOCALE, LOCALE_TAGS } from '@rigshare/domain';
import { commonLoader } from '@rigshare/i18n';
import { STORAGE_KEYS, createStore } from '@rigshare/session';
import LoginScreen from '../features/auth/login-screen';
import { FIRST_PAINT_ID } from '../app/first-paint';
import { Layout } from '../app/layout';
import { ScreenFrame } from '../app/screen-frame';
import { HOME_HASHES } from '../app/home-hashes';
import { UiKitLocale } from '../app/ui-kit-locale';

const LOGIN_PATH = '/user/login';

/** What the page's inline script needs to choose a copy before the first paint. */
export const choice = {
  id: FIRST_PAINT_ID,
  languages: [...LOCALE_TAGS],
  defaultLanguage: DEFAULT_LOCALE,
  languageKey: STORAGE_KEYS.language,
  /** A stored token means the member lands on home, not on login. */
  tokenKey: STORAGE_KEYS.token,
  /** The hashes that show a visitor without a session the login screen. */
  hashes: [...HOME_HASHES, `#${LOGIN_PATH}`],
};

const catalogues = new Map<string, Promise<Resource[string]>>();

/** Each language's catalogue is read once, though every language's render also needs en-US's. */
function catalogue(language: string): Promise<Resource[string]> {
  const unwrap = (module: Record<string, unknown>) => (module.default ?? module) as Record<string, unknown>;
  if (!catalogues.has(language)) {
    const loaded = Promise.all([commonLoader(language), import(`../../locales/${language}/shell.json`)]);
    catalogues.set(language, loaded.then(([common, shell]) => ({ common: unwrap(common), shell: unwrap(shell) })));
  }
  return catalogues.get(language)!;
}

export async function render(language: string): Promise<string> {
  const resources: Resource = { [language]: await catalogue(language), [DEFAULT_LOCALE]: await catalogue(DEFAULT_LOCALE) };
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    ns: ['common', 'shell'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <Provider store={createStore()}>
      <I18nextProvider i18n={i18n}>
        <UiKitLocale>
          <MemoryRouter initialEntries={[LOGIN_PATH]}>
            <Routes>
              <Route element={<Layout />}>
                <Route
                  path={LOGIN_PATH}
                  element={
                    <ScreenFrame depth={1}>
                      <LoginScreen />
                    </ScreenFrame>
                  }
                />
              </Route>
            </Routes>
          </MemoryRouter>
        </UiKitLocale>
      </I18nextProvider>
    </Provider>,
  );
}
