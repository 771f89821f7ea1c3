/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import type { Coupon } from '../../api/coupons';
import { shownBeside, shownText } from '@rigshare/ui/testing';
import { aProduct } from '../../testing/product';
import { renderWithI18n } from '../../testing/render-with-i18n';
import { PurchasePanel } from './purchase-panel';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

const coupon: Coupon = {
  id: 3,
  name: 'New member 5 USDT off',
  kind: 'discount',
  amount: '5000000',
  minSpend: '200000000',
  productId: null,
  startTime: '2026-01-01T00:00:00.000Z',
  endTime: '2026-12-31T00:00:00.000Z',
  state: 'received',
};

const buyButton = () => screen.getByTestId('buy') as HTMLButtonElement;
const agreeBox = () => screen.getByTestId('agree-lease').querySelector('input') as HTMLInputElement;
const plus = () => screen.getByTestId('quantity').querySelector('.adm-stepper-plus') as HTMLButtonElement;

describe('PurchasePanel', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  it('keeps the buy button disabled until the lease agreement is agreed', async () => {
    await renderWithI18n(<PurchasePanel product={aProduct()} coupons={[]} available="500000000" />);
    expect(buyButton().disabled).toBe(true);
    const hint = screen.getByText('Please read and agree to the lease agreement first.');
    expect(shownText(hint)).toBe('Please read and agree to the lease agreement first.');
    fireEvent.click(agreeBox());
    expect(buyButton().disabled).toBe(false);
    expect(hint.isConnected).toBe(false);
    fireEvent.click(agreeBox());
    expect(buyButton().disabled).toBe(true);
  });

  it('shows every figure before the buy button and follows the quantity up to maxBuy', async () => {
    await renderWithI18n(<PurchasePanel product={aProduct()} coupons={[]} available="500000000" />);
    expect(screen.getByTestId('amount-to-pay').textContent).toBe('100.00 USDT');
    expect(shownBeside('Price')).toBe('100.00 USDT');
    expect(shownText(screen.getByText('Unit price × 1'))).toBe('Unit price × 1');
    expect(shownBeside('Fee')).toBe('0.00 USDT');
    expect(shownBeside('Your available balance')).toBe('500.00 USDT');
    fireEvent.click(plus());
    expect(screen.getByTestId('amount-to-pay').textContent).toBe('200.00 USDT');
    expect(shownBeside('Price')).toBe('200.00 USDT');
    expect(shownText(screen.getByText('Unit price × 2'))).toBe('Unit price × 2');
    expect(shownBeside('Expected daily return')).toBe('5.00 USDT'); // 2.5 x 2
    expect(shownBeside('Expected total return')).toBe('150.00 USDT'); // 5 x 30
    expect(plus().disabled).toBe(true); // maxBuy 2
    expect(document.body.textContent).not.toMatch(/guaranteed|risk-free/i);
  });

  it('lets a coupon be chosen once the order reaches its minimum spend, and marks it chosen', async () => {
    await renderWithI18n(<PurchasePanel product={aProduct()} coupons={[coupon]} available="500000000" />);
    const radio = () => screen.getByText('New member 5 USDT off').closest('label')!.querySelector('input') as HTMLInputElement;
    expect(radio().disabled).toBe(true);
    expect(screen.getByTestId('coupon-discount').textContent).toBe('0.00 USDT');
    expect(shownText(screen.getByText('New member 5 USDT off').closest('label')!)).toContain("The order is below this coupon's minimum spend.");
    fireEvent.click(plus());
    expect(radio().disabled).toBe(false);
    fireEvent.click(radio());
    expect(screen.getByTestId('coupon-state').textContent).toBe('Chosen');
    expect(screen.getByTestId('coupon-discount').textContent).toBe('-5.00 USDT');
    expect(screen.getByTestId('amount-to-pay').textContent).toBe('195.00 USDT');
  });

  it('does not offer a coupon worth the whole order as a free order: the server refuses it, so the checkout shows the full price', async () => {
    const whole = { ...coupon, id: 4, name: '100 USDT off', amount: '100000000', minSpend: '0' };
    await renderWithI18n(<PurchasePanel product={aProduct()} coupons={[whole]} available="500000000" initialCouponId={4} />);
    const radio = () => screen.getByText('100 USDT off').closest('label')!.querySelector('input') as HTMLInputElement;
    expect(radio().disabled).toBe(true);
    expect(screen.getByText('This coupon is worth the whole order or more. Add units to use it on a larger order.').tagName).toBe('DIV');
    expect(screen.getByTestId('amount-to-pay').textContent).toBe('100.00 USDT');
    // Two units cost more than the coupon: now it applies.
    fireEvent.click(plus());
    expect(radio().disabled).toBe(false);
    fireEvent.click(radio());
    expect(screen.getByTestId('coupon-discount').textContent).toBe('-100.00 USDT');
    expect(screen.getByTestId('amount-to-pay').textContent).toBe('100.00 USDT');
  });

  it('warns when the available balance is lower than the amount to pay', async () => {
    await renderWithI18n(<PurchasePanel product={aProduct()} coupons={[]} available="99000000" />);
    expect(screen.getByRole('status').textContent).toContain('lower than the amount to pay');
  });

  it('never enables buying a sold-out product', async () => {
    await renderWithI18n(<PurchasePanel product={aProduct({ status: 3, unitsLeft: 0 })} coupons={[]} available="500000000" />);
    fireEvent.click(agreeBox());
    expect(buyButton().disabled).toBe(true);
    expect(shownText(screen.getByText('This product is sold out.'))).toBe('This product is sold out.');
  });

  it('enables a pre-sale only when its real start time comes', async () => {
    await renderWithI18n(<PurchasePanel product={aProduct({ status: 5, startTime: '2026-03-01T10:00:02.000Z' })} coupons={[]} available="500000000" />);
    fireEvent.click(agreeBox());
    expect(buyButton().disabled).toBe(true);
    const notStarted = screen.getByText('The sale has not started yet.');
    expect(shownText(notStarted)).toBe('The sale has not started yet.');
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(buyButton().disabled).toBe(false);
    expect(notStarted.isConnected).toBe(false);
  });
});
