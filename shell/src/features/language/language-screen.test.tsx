/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18n } from '@rigshare/i18n';
import { STORAGE_KEYS, createStore } from '@rigshare/session';
import { setupUi } from '../test-support/setup-ui';
import LanguageScreen from './language-screen';

beforeAll(() => setupUi());

/** The member reaches the language screen by a link, so "back" has somewhere to go. */
function OpenLanguage() {
  return (
    <p>
      mine page <Link to="/index/language">open language</Link>
    </p>
  );
}

it('switches the language, keeps it in the store and storage, and goes back', async () => {
  const store = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/mine']}>
        <Routes>
          <Route path="/index/language" element={<LanguageScreen />} />
          <Route path="/mine" element={<OpenLanguage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  fireEvent.click(screen.getByText('open language'));
  await screen.findByText('Deutsch');
  expect(screen.getByTestId('language-en-US').getAttribute('aria-current')).toBe('true');
  fireEvent.click(screen.getByText('Deutsch'));
  await waitFor(() => expect(store.getState().session.languageType).toBe('de-DE'));
  expect(i18n.language).toBe('de-DE');
  expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('de-DE');
  expect(i18n.t('shell:tabs.home')).not.toBe('Home');
  await screen.findByText('open language');
});
