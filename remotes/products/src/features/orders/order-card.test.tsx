/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { shownBeside, shownText } from '@rigshare/ui/testing';
import { anOrder as order } from '../../testing/order';
import { renderWithI18n } from '../../testing/render-with-i18n';
import { OrderCard } from './order-card';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

describe('OrderCard', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  it('shows what was bought, paid, expected and earned, with its status', async () => {
    const open = jest.fn();
    await renderWithI18n(<OrderCard order={order()} onOpen={open} />);
    expect(screen.getByTestId('order-status').textContent).toBe('Valid');
    expect(shownText(screen.getByText('27 days left'))).toBe('27 days left');
    expect(shownBeside('Amount paid')).toBe('195.00 USDT');
    expect(shownBeside('Coupon discount')).toBe('-5.00 USDT');
    expect(shownBeside('Total revenue (expected)')).toBe('150.00 USDT');
    expect(shownBeside('Earned so far')).toBe('15.00 USDT');
    expect(shownBeside('Days paid')).toBe('3 of 30');
    expect(screen.queryByTestId('order-delayed')).toBeNull();
    fireEvent.click(screen.getByTestId('order-card'));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('says when payout is delayed', async () => {
    await renderWithI18n(<OrderCard order={order({ daysDelayed: 2 })} onOpen={() => undefined} />);
    expect(screen.getByTestId('order-delayed').textContent).toContain('Payout delayed: 2 days');
  });

  it('shows an expired order as expired without days left', async () => {
    await renderWithI18n(<OrderCard order={order({ status: 'Expired', daysPaid: 30 })} onOpen={() => undefined} />);
    expect(screen.getByTestId('order-status').textContent).toBe('Expired');
    expect(screen.queryByText(/days left/)).toBeNull();
  });
});
