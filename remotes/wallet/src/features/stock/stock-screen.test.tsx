/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { rowOf } from '../../testing/field-error';
import { agreementPath, daysLeft } from './holding-math';
import type { Holding } from '../../api/wallet';
import { HoldingItem } from './stock-screen';

const DAY = 86_400_000;
const now = Date.parse('2026-03-10T12:00:00.000Z');
const holding: Holding = {
  id: 42,
  productId: 1,
  productName: 'Antminer S19 share',
  productImg: '',
  quantity: 2,
  price: '100000000',
  amount: '195000000',
  couponAmount: '5000000',
  dayReturnAmount: '1800000',
  dailyIncome: '3600000',
  validDays: 60,
  walletotal: '216000000',
  earned: '0',
  daysPaid: 0,
  daysDelayed: 0,
  createTime: '2026-03-01T12:00:00.000Z',
  expireTime: new Date(Date.parse('2026-03-01T12:00:00.000Z') + 60 * DAY).toISOString(),
  status: 'Valid',
  soldTime: null,
  soldAmount: null,
};

it('counts the days left, rounded up, and none once expired', () => {
  expect(daysLeft(holding, now)).toBe(51);
  expect(daysLeft(holding, now + 0.5 * DAY)).toBe(51);
  expect(daysLeft(holding, now + 51 * DAY)).toBe(0);
  expect(daysLeft({ ...holding, status: 'Expired' }, now)).toBe(0);
  expect(agreementPath(42)).toBe('/user/pdf?orderId=42');
});

it('shows a machine with what was paid, the expected daily return, the days left and its agreement', async () => {
  await renderScreen(<HoldingItem holding={holding} now={now} />, { namespace: 'wallet', resource: english, path: '/user/stock' });
  const card = screen.getByTestId('holding');
  expect(card.textContent).toContain('Antminer S19 share');
  expect(screen.getByTestId('holding-status').textContent).toBe('Valid');
  expect(card.textContent).toContain('Order 42');
  expect(rowOf(english.stock.paid)).toBe(`${english.stock.paid}195.00 USDT`);
  expect(rowOf(english.stock.dailyReturn)).toBe(`${english.stock.dailyReturn}3.60 USDT`);
  expect(rowOf(english.stock.daysLeft)).toBe(`${english.stock.daysLeft}51`);
  const link = screen.getByTestId('holding-agreement');
  expect(link.textContent).toBe('Lease agreement (PDF)');
  expect(link.getAttribute('href')).toBe('/user/pdf?orderId=42');
});

it('marks an expired machine', async () => {
  await renderScreen(<HoldingItem holding={{ ...holding, status: 'Expired' }} now={now} />, { namespace: 'wallet', resource: english, path: '/user/stock' });
  expect(screen.getByTestId('holding-status').textContent).toBe('Expired');
});
