/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import type { ProductCard as Product } from '../../api/products';
import { shownBeside, shownText } from '@rigshare/ui/testing';
import { aProduct } from '../../testing/product';
import { renderWithI18n } from '../../testing/render-with-i18n';
import { ProductCard } from './product-card';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

/** On the list: starting in March, a countdown that ends three seconds from now, and no cap on buying. */
const product = (overrides: Partial<Product> = {}) => aProduct({ startTime: '2026-03-05T08:00:00.000Z', daotimes: '2026-03-01T10:00:03.000Z', maxBuy: -1, ...overrides });

describe('ProductCard', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows the product facts with amounts from micro-units and the real share sold', async () => {
    await renderWithI18n(<ProductCard product={product()} />);
    expect(screen.getByTestId('product-name').textContent).toBe('S19 Pro rig share');
    expect(shownText(screen.getByTestId('product-card').querySelector('.products-card-price')!)).toBe('100.00 USDT');
    expect(shownBeside('Expected daily return')).toBe('2.50 USDT');
    expect(shownBeside('Valid days')).toBe('30');
    expect(shownBeside('Expected total return')).toBe('75.00 USDT');
    expect(screen.getByRole('progressbar', { name: 'Share sold' }).getAttribute('aria-valuenow')).toBe('33');
    expect(shownText(screen.getByText('33% sold').parentElement!)).toBe('33% sold100 of 300 units sold');
    expect(screen.queryByTestId('product-status')).toBeNull();
    expect(document.body.textContent).not.toMatch(/guaranteed|risk-free|55%/i);
  });

  it('marks a sold-out product', async () => {
    await renderWithI18n(<ProductCard product={product({ status: 3, unitsSold: 300 })} />);
    expect(screen.getByTestId('product-status').textContent).toBe('SOLD OUT');
    expect(screen.getByRole('progressbar', { name: 'Share sold' }).getAttribute('aria-valuenow')).toBe('100');
    expect(shownText(screen.getByText('100% sold'))).toBe('100% sold');
  });

  it('counts a rush purchase down every second to its target and then stays at zero', async () => {
    await renderWithI18n(<ProductCard product={product({ status: 6 })} />);
    const badge = screen.getByTestId('product-status');
    expect(badge.textContent).toContain('Rush purchase');
    expect(badge.textContent).toContain('00:00:03');
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(badge.textContent).toContain('00:00:02');
    act(() => {
      jest.advanceTimersByTime(10_000);
    });
    expect(badge.textContent).toContain('00:00:00');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('shows a pre-sale badge with the start time', async () => {
    await renderWithI18n(<ProductCard product={product({ status: 5 })} />);
    const badge = screen.getByTestId('product-status');
    expect(badge.textContent).toContain('Pre sale');
    expect(badge.textContent).toContain('Starts');
    expect(badge.textContent).toContain('2026');
  });
});
