import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { installServerApi } from '@rigshare/api-client';
import { store } from '@rigshare/session';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../locales/en-US/products.json';

/** Renders a products screen as the shell would: the one store (with the server API, as `setup` installs it) and the remote's real English strings. */
export function renderWithI18n(ui: ReactElement, path = '/') {
  installServerApi();
  return renderScreen(<Provider store={store}>{ui}</Provider>, { namespace: 'products', resource: english, path });
}
