/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminWithdrawal } from '@rigshare/api-schema';
import { staffLoggedIn, staffLoggedOut, store } from '@rigshare/session';
import { renderScreen } from '@rigshare/ui/testing';
import { adminApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/console.json';
import WithdrawalsScreen from './withdrawals-screen';

const TX_HASH = `0x${'ab'.repeat(32)}`;
const waiting = (id: number, channel: string, net: string): AdminWithdrawal => ({
  id,
  phone: `98765${id}`,
  channel,
  amount: String(BigInt(net) + 1_000_000n),
  fee: '1000000',
  net,
  payoutTo: channel === 'USDT' ? '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' : 'HDFC 0042 1234',
  createdAt: '2026-11-20T08:00:00.000Z',
  approvalsNeeded: 1,
  approvals: [],
});
/** The server's queue: what an approval or a rejection settles leaves it. */
let queue: AdminWithdrawal[] = [];

const api = startFakeApi(
  adminApi.get('withdrawals', () => ok({ total: queue.length, list: queue })),
  adminApi.post('withdrawals/:id/approve', async ({ params, request }) => {
    const { txHash } = (await request.json()) as { txHash: string };
    queue = queue.filter((w) => w.id !== Number(params.id));
    return ok({ id: Number(params.id), status: 'Succeeded', approvals: [{ staff: 'asha', at: '2026-11-20T09:00:00.000Z' }], approvalsNeeded: 1, txHash, reference: null, reason: null });
  }),
);
beforeEach(() => {
  queue = [waiting(41, 'USDT', '99000000'), waiting(42, 'Bank', '25000000')];
  store.dispatch(staffLoggedIn({ token: 'staff-token', login: 'asha', role: 'finance' }));
});
afterEach(() => store.dispatch(staffLoggedOut()));

const rowOf = (id: number) => screen.getAllByTestId('withdrawals-row').find((row) => row.querySelector('td')?.textContent === String(id))!;
const rowIds = () => screen.queryAllByTestId('withdrawals-row').map((row) => row.querySelector('td')?.textContent);
const dialog = () => within(document.querySelector<HTMLElement>('.adm-dialog')!);
async function answer(text: string, action: string) {
  await act(async () => fireEvent.change(await screen.findByTestId('console-ask-input').then((field) => field.querySelector('input') ?? field), { target: { value: text } }));
  await act(async () => fireEvent.click(dialog().getByText(action)));
}

describe('the withdrawals waiting for payment', () => {
  it('pays a USDT withdrawal once staff give a real transaction hash, and the list read again no longer holds it', async () => {
    await renderScreen(<WithdrawalsScreen />, { namespace: 'console', resource: english, path: '/console/withdrawals' });
    await waitFor(() => expect(rowIds()).toEqual(['41', '42']));
    expect(rowOf(41).textContent).toContain('99.00');

    fireEvent.click(within(rowOf(41)).getByTestId('withdrawal-approve'));
    expect(await screen.findByText('Approve withdrawal 41: pay 99.00 USDT')).toBeTruthy();
    await answer('0x1234', 'Approve');
    expect(await screen.findByText('A transaction hash is 0x followed by 64 hexadecimal characters.')).toBeTruthy();
    expect(api.sent.filter(({ method }) => method === 'POST')).toEqual([]);

    await answer(TX_HASH, 'Approve');
    await waitFor(() => expect(rowIds()).toEqual(['42']));
    expect(await screen.findByText('Withdrawal 41 approved and paid.')).toBeTruthy();
    const calls = api.sent.map(({ method, path, body }) => [method, path, body]);
    expect(calls).toEqual([
      ['GET', '/admin/withdrawals', null],
      ['POST', '/admin/withdrawals/41/approve', { txHash: TX_HASH }],
      ['GET', '/admin/withdrawals', null],
    ]);
  });

  it("shows the server's refusal of a rejection and keeps the withdrawal in the list", async () => {
    api.use(adminApi.post('withdrawals/:id/reject', () => refused(409, 'Withdrawal 42 is already being paid by another staff member')));
    await renderScreen(<WithdrawalsScreen />, { namespace: 'console', resource: english, path: '/console/withdrawals' });
    await waitFor(() => expect(rowIds()).toEqual(['41', '42']));
    fireEvent.click(within(rowOf(42)).getByTestId('withdrawal-reject'));
    expect(await screen.findByText('Reject withdrawal 42')).toBeTruthy();
    await answer('Card number does not match the name', 'Reject');
    expect(await screen.findByText('Withdrawal 42 is already being paid by another staff member')).toBeTruthy();
    expect(api.sent.find(({ method }) => method === 'POST')?.body).toEqual({ reason: 'Card number does not match the name' });
    expect(rowIds()).toEqual(['41', '42']);
  });

  it('says so when no withdrawal is waiting', async () => {
    queue = [];
    await renderScreen(<WithdrawalsScreen />, { namespace: 'console', resource: english, path: '/console/withdrawals' });
    expect(await screen.findByText('No withdrawal is waiting.')).toBeTruthy();
    expect(screen.getByText('0 in all')).toBeTruthy();
  });
});
