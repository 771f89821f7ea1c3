/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { orderIdOf } from './pdf-api';
import { PdfView } from './pdf-screen';

it('reads the order from ?orderId= and nothing else', () => {
  expect(orderIdOf('17')).toBe(17);
  expect(orderIdOf('0')).toBeNull();
  expect(orderIdOf('-3')).toBeNull();
  expect(orderIdOf('1e3')).toBeNull();
  expect(orderIdOf(null)).toBeNull();
});

it('shows the agreement inline with a download and an open-in-tab for phones that cannot', async () => {
  await renderScreen(<PdfView url="blob:agreement" orderId={17} />, { namespace: 'wallet', resource: english, path: '/user/pdf?orderId=17' });
  const frame = screen.getByTestId('pdf-frame');
  expect(frame.getAttribute('src')).toBe('blob:agreement');
  expect(frame.getAttribute('title')).toBe('Lease agreement of order 17');
  expect(screen.getByTestId('pdf-download').textContent).toBe('Download PDF');
  expect(screen.getByTestId('pdf-open').textContent).toBe('Open in a new tab');
});
