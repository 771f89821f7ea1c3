import type { ReactElement } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { act, render, type RenderResult } from '@testing-library/react';
import enUS from '../../locales/en-US/wallet.json';

/**
 * Renders a screen as the shell would: router and i18next with this remote's real English resource.
 * Work the screen starts on mount (a resolved call, a state update) settles inside `act`.
 */
export async function renderWithI18n(ui: ReactElement, initialPath = '/') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: { 'en-US': { wallet: enUS } },
    ns: ['wallet'],
    defaultNS: 'wallet',
    interpolation: { escapeValue: false },
  });
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[initialPath]}>{ui}</MemoryRouter>
      </I18nextProvider>,
    );
  });
  return result as RenderResult;
}
