import type { ReactElement } from 'react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { commonLoader } from '@rigshare/i18n';
import { store } from '@rigshare/session';
import { act, render, type RenderResult } from '@testing-library/react';

// antd-mobile's imperative Toast and Dialog need a React 19 root, as the shell gives them.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

export interface RenderScreenOptions {
  /** The module's i18n namespace, e.g. `community`. */
  namespace: string;
  /** Its real English resource (`locales/en-US/<namespace>.json`). */
  resource: Record<string, unknown>;
  /** The hash path the screen is shown at. */
  path?: string;
}

/**
 * Renders a screen as the shell would: inside the page's one store and a router, with i18next
 * holding the module's and the common namespace's real English strings (server data comes from
 * `./fake-api`). Work the screen starts on mount settles inside `act`. For tests only; it is
 * exported as `@rigshare/ui/testing` so no runtime bundle carries Testing Library.
 */
export async function renderScreen(ui: ReactElement, { namespace, resource, path = '/' }: RenderScreenOptions): Promise<RenderResult> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    // The shared pieces (lists, retry blocks, copy buttons) speak from the common namespace.
    resources: { 'en-US': { [namespace]: resource, common: await commonLoader('en-US') } },
    ns: [namespace, 'common'],
    defaultNS: namespace,
    interpolation: { escapeValue: false },
  });
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </I18nextProvider>
      </Provider>,
    );
  });
  return result as RenderResult;
}
export { isShown, shownBeside, shownText } from './shown';

/**
 * jsdom has no layout, and antd-mobile's InfiniteScroll only loads more for an element with an
 * offsetParent: this gives every element its parent as one, so a list's end is always in reach and
 * each next page loads as soon as the one before it is shown.
 */
export function reachListEnds(): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get() {
      return (this as HTMLElement).parentNode;
    },
  });
}
