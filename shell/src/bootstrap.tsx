import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/antd-render';
import { configureApi, configureStaffApi, installServerApi, setApiNotifier } from '@rigshare/api-client';
import { initI18n, registerNamespace } from '@rigshare/i18n';
import { store } from '@rigshare/session';
import { App } from './app/app';
import { firstPaintShown } from './app/first-paint';
import { ReloadNotice } from './app/reload-notice';
import { loadRuntimeConfig } from './app/runtime-config';
import { loadRemoteModule, registerRemoteEntries } from './app/remote-registry';
import { reloadOnce } from './app/reload-once';
import { setRuntimeConfig } from './app/runtime-config-store';
import { HOME_HASHES } from './app/home-hashes';
import { startHomeReadsEarly } from './features/home/home-reads';
import { LANDING_SCREENS } from './app/shell-routes';
import { toastNotifier } from './app/toast-notifier';
import './styles.css';

setApiNotifier(toastNotifier());

/** The home page's product list comes from this remote; a member opening home needs it at once. */
const HOME_REMOTE = 'products';
const opensHome = () => HOME_HASHES.includes(location.hash);

async function start() {
  const root = createRoot(document.getElementById('root')!);
  // The two deployment documents load while i18next starts, not after it.
  const runtime = loadRuntimeConfig();
  runtime.catch(() => undefined);
  // So is the screen the page lands on (home, or login without a session), not after the first render.
  const signedIn = Boolean(store.getState().session.token);
  if (signedIn && opensHome()) LANDING_SCREENS.home().catch(() => undefined);
  if (!signedIn && (opensHome() || location.hash.startsWith('#/user/login'))) LANDING_SCREENS.login().catch(() => undefined);
  const language = store.getState().session.languageType;
  const shellCatalogue = import(`../locales/${language}/shell.json`);
  shellCatalogue.catch(() => undefined);
  // With every download on its way, the rest of the start-up runs in tasks of its own: evaluating this
  // chunk, setting up the server cache and starting i18next in one task held a phone's main thread for
  // 170 ms and more (bench:web-tasks at 4x).
  await nextTask();
  // The unread badge (tab bar, header) reads the server cache before any remote is loaded.
  installServerApi();
  await nextTask();
  await initI18n(language);
  await registerNamespace('shell', (lng) => (lng === language ? shellCatalogue : import(`../locales/${lng}/shell.json`)));
  document.documentElement.lang = store.getState().session.languageType;
  let apiHosts: Record<string, string>;
  try {
    const [config, remotes] = await runtime;
    apiHosts = config.apiHosts;
    configureApi(config.apiHosts);
    configureStaffApi(config.apiHosts);
    setRuntimeConfig(config);
    registerRemoteEntries(remotes.remotes);
    if (signedIn && opensHome()) {
      // A signed-in member opening home: home's reads start while React renders the page, and the
      // products remote loads beside the shell's first render instead of after it, starting its widget's
      // reads as soon as it is loaded (its failure is the widget's to show, as before).
      startHomeReadsEarly();
      loadRemoteModule(HOME_REMOTE)
        .then((remote) => remote.prefetch?.['home.products']?.())
        .catch(() => undefined);
    }
  } catch (error) {
    if (!navigator.onLine) {
      // Opened from the service worker's copy without a network: say so, start when it is back.
      root.render(<ReloadNotice reason="offline" />);
      window.addEventListener('online', () => location.reload(), { once: true });
      return;
    }
    console.error('Runtime configuration could not be loaded', error);
    reloadOnce('config');
    root.render(<ReloadNotice />);
    return;
  }
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // With a landing screen already painted from index.html, React renders the app as a transition,
  // in slices of a few milliseconds, so a phone's main thread is never held for long. Without it the
  // frame and its loading states should show as soon as they can, so that render is not deferred.
  if (firstPaintShown()) startTransition(() => root.render(app));
  else root.render(app);
  // The live channel is not needed for the first screen: its module loads after the app has started.
  import('./app/live-channel').then(({ startLiveChannel }) => startLiveChannel(apiHosts)).catch((error) => console.warn('Live channel not started', error));
}

/** Resolves in a new task, so the main thread can paint and answer input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The service worker (public/sw.js) keeps the shell's files so the app installs and opens offline. */
function registerServiceWorker() {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register('sw.js').catch((error) => console.warn('Service worker not registered', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

void start().then(registerServiceWorker);
