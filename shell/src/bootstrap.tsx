import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/antd-render';
import { configureApi, configureStaffApi, installServerApi, setApiNotifier } from '@rigshare/api-client';
import { initI18n, registerNamespace } from '@rigshare/i18n';
import { store } from '@rigshare/session';
import { App } from './app/app';
import { ReloadNotice } from './app/reload-notice';
import { loadRuntimeConfig } from './app/runtime-config';
import { registerRemoteEntries } from './app/remote-registry';
import { reloadOnce } from './app/reload-once';
import { setRuntimeConfig } from './app/runtime-config-store';
import { toastNotifier } from './app/toast-notifier';
import './styles.css';

setApiNotifier(toastNotifier());
// The unread badge (tab bar, header) reads the server cache before any remote is loaded.
installServerApi();

async function start() {
  const root = createRoot(document.getElementById('root')!);
  await initI18n(store.getState().session.languageType);
  await registerNamespace('shell', (lng) => import(`../locales/${lng}/shell.json`));
  document.documentElement.lang = store.getState().session.languageType;
  try {
    const [config, remotes] = await loadRuntimeConfig();
    configureApi(config.apiHosts);
    configureStaffApi(config.apiHosts);
    setRuntimeConfig(config);
    registerRemoteEntries(remotes.remotes);
  } catch (error) {
    console.error('Runtime configuration could not be loaded', error);
    reloadOnce('config');
    root.render(<ReloadNotice />);
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
