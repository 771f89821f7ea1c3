import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { initI18n, registerNamespace } from '@rigshare/i18n';

/** What bootstrap.tsx does for the page, for jsdom tests: React 19 roots for Toast/Dialog, i18n. */
export async function setupUi(language = 'en-US'): Promise<void> {
  unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => root.unmount();
  });
  await initI18n(language);
  await registerNamespace('shell', (lng) => import(`../../../locales/${lng}/shell.json`));
}
