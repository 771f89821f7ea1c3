/** @jest-environment jsdom */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { configureApi, setApiNotifier } from '@rigshare/api-client';
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

/** A real HTTP server standing in for the API's sell-back calls: it quotes `price` and sells at it once. */
let price = '84000000';
let sold: Record<string, string> | null = null;
const notices: string[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Language, X-Access-Token, Content-Type');
    if (req.method === 'OPTIONS') return res.end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      let reply: { code: number; msg: string; data: unknown } = { code: 404, msg: 'Not found', data: null };
      if (url.pathname.endsWith('app/financial/sellQuote')) {
        reply = { code: 200, msg: 'ok', data: { orderId: 42, paid: '90000000', validDays: 30, daysKept: 2, daysLeft: 28, amount: price } };
      }
      if (url.pathname.endsWith('app/financial/sellFinancial')) {
        const fields = Object.fromEntries(new URLSearchParams(body));
        if (fields.amount !== price) reply = { code: 409, msg: 'The sell-back price has changed', data: null };
        else {
          sold = fields;
          reply = { code: 200, msg: 'Sold back: the amount is in your balance', data: order({ status: 'Sold', soldTime: '2026-03-01T10:00:00.000Z', soldAmount: price }) };
        }
      }
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApi({ user: `http://127.0.0.1:${port}/api/user` });
  setApiNotifier({ showLoading() {}, hideLoading() {}, showError: (message) => notices.push(message) });
});

afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  sold = null;
  notices.length = 0;
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
    expect(notices).toEqual([]);
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
    await waitFor(() => expect(notices).toEqual(['The sell-back price has changed']));
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
