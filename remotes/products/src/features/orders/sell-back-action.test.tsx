/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { memberApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import { anOrder as order } from '../../testing/order';
import { renderWithI18n } from '../../testing/render-with-i18n';
import { OrderCard } from './order-card';
import { SellBackAction } from './sell-back-action';

// antd-mobile's imperative Dialog and Toast need a React 19 root, as the shell sets up.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

/** The server's sell-back calls: it quotes `price` and sells at it once. */
let price = '84000000';
let sold: Record<string, string> | null = null;
const api = startFakeApi(
  memberApi.get('user', 'app/financial/sellQuote', () => ok({ orderId: 42, paid: '90000000', validDays: 30, daysKept: 2, daysLeft: 28, amount: price })),
  memberApi.post('user', 'app/financial/sellFinancial', async ({ request }) => {
    const fields = Object.fromEntries(new URLSearchParams(await request.text()));
    if (fields.amount !== price) return refused(409, 'The sell-back price has changed');
    sold = fields;
    return ok(order({ status: 'Sold', soldTime: '2026-03-01T10:00:00.000Z', soldAmount: price }), 'Sold back: the amount is in your balance');
  }),
);

beforeEach(() => {
  sold = null;
  price = '84000000';
});
// A closed dialog stays in jsdom (its closing animation never ends), so each test reads the one it opened.
afterEach(() => Dialog.clear());

const dialog = () => document.querySelector('.adm-dialog:not([data-seen])') as HTMLElement | null;
/** Presses "Sell back" and waits for the confirm dialog this press opens. */
async function openConfirm() {
  document.querySelectorAll('.adm-dialog').forEach((d) => d.setAttribute('data-seen', ''));
  fireEvent.click(screen.getByTestId('sell-back'));
  await waitFor(() => expect(dialog()!.textContent).toContain('84.00 USDT'));
}
const confirmButton = () => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Sell back')!;
const cancelButton = () => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent !== 'Sell back')!;

describe('SellBackAction', () => {
  it('shows the quoted price and how it is computed, and sells at exactly that price on confirm', async () => {
    await renderWithI18n(<SellBackAction order={order()} />);
    await openConfirm();
    expect(dialog()!.textContent).toContain('You receive: 84.00 USDT');
    expect(dialog()!.textContent).toContain('The unearned part of what you paid: 90.00 USDT × 28 of 30 days.');
    await act(async () => fireEvent.click(confirmButton()));
    await waitFor(() => expect(sold).toEqual({ orderId: '42', amount: '84000000' }));
    await waitFor(() => expect(document.body.textContent).toContain('Sold back: the amount is in your balance'));
    expect(api.toasts).toEqual([]);
  });

  it('sends nothing when the member cancels', async () => {
    await renderWithI18n(<SellBackAction order={order()} />);
    await openConfirm();
    await act(async () => fireEvent.click(cancelButton()));
    await waitFor(() => expect(screen.getByTestId('sell-back').className).not.toContain('adm-button-loading'));
    expect(sold).toBeNull();
  });

  it('shows the server’s refusal when the price changed after the quote', async () => {
    await renderWithI18n(<SellBackAction order={order()} />);
    await openConfirm();
    price = '81000000';
    await act(async () => fireEvent.click(confirmButton()));
    await waitFor(() => expect(api.toasts).toEqual(['The sell-back price has changed']));
    expect(sold).toBeNull();
  });

  it('is not offered on an order that has ended', async () => {
    await renderWithI18n(<SellBackAction order={order({ status: 'Expired' })} />);
    expect(screen.queryByTestId('sell-back')).toBeNull();
  });
});

describe('a sold-back order', () => {
  it('says so, with when and for how much, and counts no days left', async () => {
    await renderWithI18n(<OrderCard order={order({ status: 'Sold', soldTime: '2026-03-01T10:00:00.000Z', soldAmount: '84000000' })} onOpen={() => undefined} />);
    expect(screen.getByTestId('order-status').textContent).toBe('Sold back');
    expect(screen.getByTestId('order-sold-amount').textContent).toContain('84.00 USDT');
    expect(screen.getByTestId('order-sold-time').textContent).toContain('Sold back on');
    expect(screen.queryByText(/days left/)).toBeNull();
  });
});
