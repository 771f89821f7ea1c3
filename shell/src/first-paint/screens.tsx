/**
 * Built for Node and run once per production build (tools/rsbuild/first-paint.ts): the screens a
 * cold start lands on, as static HTML in each of the ten languages inside the same frame the shell
 * draws, so index.html paints one before any JavaScript has arrived. The login screen for a visitor
 * without a session; home's frame for a member with one who has opened home on this device before
 * (app/home-frame.ts). Nothing here runs in the browser but `fillHomeFrame`, inlined as text.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DEFAULT_LOCALE, LOCALE_TAGS } from '@rigshare/domain';
import { commonLoader } from '@rigshare/i18n';
import { STORAGE_KEYS, createStore } from '@rigshare/session';
import LoginScreen from '../features/auth/login-screen';
import HomeScreen from '../features/home/home-screen';
import { FIRST_PAINT_ID } from '../app/first-paint';
import { fillHomeFrame } from '../app/home-frame';
import { Layout } from '../app/layout';
import { ScreenFrame } from '../app/screen-frame';
import { HOME_HASHES } from '../app/home-hashes';
import { UiKitLocale } from '../app/ui-kit-locale';

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

/** One screen at `path`, in the layout every screen shares, in `language`. */
async function renderScreen(language: string, path: string, screen: ReactElement): Promise<string> {
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
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route element={<Layout />}>
                <Route path={path} element={<ScreenFrame depth={1}>{screen}</ScreenFrame>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </UiKitLocale>
      </I18nextProvider>
    </Provider>,
  );
}

/** The page's choice, made by its inline script before the first paint (FirstPaintPage in tools/rsbuild/first-paint.ts). */
export const page = {
  id: FIRST_PAINT_ID,
  languages: [...LOCALE_TAGS],
  defaultLanguage: DEFAULT_LOCALE,
  languageKey: STORAGE_KEYS.language,
  tokenKey: STORAGE_KEYS.token,
  screens: [
    {
      name: 'login',
      signedIn: false,
      hashes: [...HOME_HASHES, '#/user/login'],
      render: (language: string) => renderScreen(language, '/user/login', <LoginScreen />),
    },
    {
      name: 'home',
      signedIn: true,
      hashes: [...HOME_HASHES],
      saved: { key: STORAGE_KEYS.homeFrame, fill: fillHomeFrame },
      render: (language: string) => renderScreen(language, '/index', <HomeScreen staticFrame />),
    },
  ],
};
