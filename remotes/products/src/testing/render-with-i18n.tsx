import type { ReactElement } from 'react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../locales/en-US/products.json';

/** Renders a products screen as the shell would, with the remote's real English strings. */
export function renderWithI18n(ui: ReactElement, path = '/') {
  return renderScreen(ui, { namespace: 'products', resource: english, path });
}
