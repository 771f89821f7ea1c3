/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { withdrawalFee } from '@rigshare/domain';
import { renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/wallet.json';
import type { Balance } from '../../api/wallet';
import { WithdrawScreen } from './withdraw-screen';

const balance: Balance = {
  available: '250000000',
  pendingIncome: '0',
  incomeArriving: '0',
  heldForWithdrawals: '0',
  held: '0',
  currency: 'USDT',
  withdrawHoldUntil: null,
  fundPasswordLockedUntil: null,
  exchangeUsed: false,
};
const quoteOf = (amount: bigint) => {
  const { fee, net } = withdrawalFee(amount, 5);
  return { amount: amount.toString(), fee: fee.toString(), net: net.toString(), feePercent: 5, minimum: '10000000' };
};

const api = startFakeApi(
  memberApi.get('assets', 'user/balance', () => ok(balance)),
  memberApi.get('assets', 'user/withdraw/info', () => ok({ feePercent: 5, minimum: '10000000', arrival: 'Arrives within 24 hours' })),
  memberApi.get('assets', 'user/address', () => ok({ id: 3, currency: 'USDT', chain: 'BEP20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', createTime: '2026-11-01T08:00:00.000Z' })),
  memberApi.post('user', 'user/has-paypass', () => ok({ hasPayPassword: true })),
  memberApi.post('assets', 'user/withdraw/quote', () => ok(quoteOf(100_000_000n))),
);

async function renderWithdraw() {
  await renderScreen(
    <Routes>
      <Route path="/user/withdraw" element={<WithdrawScreen channel="USDT" />} />
      <Route path="/user/withrecord" element={<p data-testid="withdrawal-records">Withdrawal records</p>} />
    </Routes>,
    { namespace: 'wallet', resource: english, path: '/user/withdraw' },
  );
}
const amountField = () => screen.getByTestId('withdraw-amount').querySelector('input') ?? (screen.getByTestId('withdraw-amount') as HTMLInputElement);
async function askFor(amount: string) {
  await act(async () => fireEvent.change(amountField(), { target: { value: amount } }));
  await act(async () => fireEvent.click(screen.getByTestId('withdraw-next')));
}
const typePin = (pin: string) => act(async () => fireEvent.change(screen.getByTestId('fund-password').querySelector('input')!, { target: { value: pin } }));
const posted = () => api.sent.filter(({ method, path }) => method === 'POST' && path.startsWith('/api/assets/'));

describe('withdrawing USDT', () => {
  it('quotes the amount, shows fee and net, and sends the withdrawal with the fund password', async () => {
    api.use(memberApi.post('assets', 'user/withdraw', () => ok({ id: 77, status: 'Pending' })));
    await renderWithdraw();
    await screen.findByTestId('withdraw-amount');
    await askFor('100');
    expect((await screen.findByTestId('withdraw-fee')).textContent).toBe('5.00 USDT');
    expect(screen.getByTestId('withdraw-net').textContent).toBe('95.00 USDT');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-confirm')));
    await typePin('482913');
    expect(await screen.findByTestId('withdrawal-records')).toBeTruthy();
    expect(posted().map(({ path, body }) => [path, body])).toEqual([
      ['/api/assets/user/withdraw/quote', { channel: 'USDT', amount: '100' }],
      ['/api/assets/user/withdraw', { channel: 'USDT', amount: '100', payPassword: '482913', requestId: expect.any(String) }],
    ]);
  });

  it("says under the amount why the server refused it and keeps what the member typed", async () => {
    api.use(memberApi.post('assets', 'user/withdraw/quote', () => refused(400, 'At most 3 withdrawals a day; the next one can be asked tomorrow', { field: 'amount' })));
    await renderWithdraw();
    await screen.findByTestId('withdraw-amount');
    await askFor('120.5');
    expect(await screen.findByText('At most 3 withdrawals a day; the next one can be asked tomorrow')).toBeTruthy();
    expect(amountField().value).toBe('120.5');
    expect(screen.queryByTestId('withdraw-confirm-step')).toBeNull();
  });

  it('checks the amount against the balance and the minimum before asking the server', async () => {
    await renderWithdraw();
    await screen.findByTestId('withdraw-amount');
    await askFor('300');
    expect(await screen.findByText('Greater than available balance')).toBeTruthy();
    await askFor('5');
    expect(await screen.findByText('Minimum withdrawal is 10.00 USDT')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('says how many tries are left after a wrong fund password and sends nothing more', async () => {
    api.use(memberApi.post('assets', 'user/withdraw', () => refused(400, 'Wrong fund password', { triesLeft: 2 })));
    await renderWithdraw();
    await screen.findByTestId('withdraw-amount');
    await askFor('100');
    await act(async () => fireEvent.click(await screen.findByTestId('withdraw-confirm')));
    await typePin('111111');
    await waitFor(() => expect(screen.getByTestId('fund-password-tries-left').textContent).toBe('Wrong fund password. 2 wrong tries left before it locks.'));
    expect(screen.queryByTestId('withdrawal-records')).toBeNull();
    expect(posted().filter(({ path }) => path === '/api/assets/user/withdraw')).toHaveLength(1);
  });
});
