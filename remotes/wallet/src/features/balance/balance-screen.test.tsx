/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import type { Balance } from '../../api/wallet';
import { BalanceView } from './balance-screen';

const balance: Balance = {
  available: '250500000',
  pendingIncome: '1250000',
  incomeArriving: '0',
  heldForWithdrawals: '10000000',
  held: '10000000',
  currency: 'USDT',
  withdrawHoldUntil: null,
  fundPasswordLockedUntil: null,
  exchangeUsed: false,
};

describe('BalanceView', () => {
  it('shows the money in each state under its own name and the wallet actions', async () => {
    await renderScreen(<BalanceView balance={balance} />, { namespace: 'wallet', resource: english, path: '/user/balance' });
    expect(screen.getByTestId('balance-available').textContent).toBe('250.50 USDT');
    expect(screen.getByTestId('balance-pending').textContent).toBe('1.25 USDT');
    expect(screen.getByTestId('balance-income-arriving').textContent).toBe('0.00 USDT');
    expect(screen.getByTestId('balance-held').textContent).toBe('10.00 USDT');
    expect(screen.getByTestId('balance-pending-row').textContent).toContain('Pending income');
    expect(screen.getByTestId('balance-income-arriving-row').textContent).toContain('Income on its way');
    expect(screen.getByTestId('balance-held-row').textContent).toContain('Held for withdrawals');
    const actions = screen.getAllByRole('button').map((button) => button.textContent);
    expect(actions).toEqual(expect.arrayContaining(['Withdraw (USDT)', 'Bank withdrawal', 'Bank/cash recharge', 'Records', 'Withdrawal records']));
    expect(screen.queryByTestId('withdraw-hold')).toBeNull();
  });

  it('shows income on its way apart from withdrawals, every amount with the same decimals', async () => {
    await renderScreen(
      <BalanceView balance={{ ...balance, available: '998200000', pendingIncome: '0', incomeArriving: '1800500', heldForWithdrawals: '0', held: '1800500' }} />,
      { namespace: 'wallet', resource: english, path: '/user/balance' },
    );
    expect(screen.getByTestId('balance-income-arriving').textContent).toBe('1.8005 USDT');
    expect(screen.getByTestId('balance-held').textContent).toBe('0.0000 USDT');
    expect(screen.getByTestId('balance-available').textContent).toBe('998.2000 USDT');
    expect(screen.getByTestId('balance-pending').textContent).toBe('0.0000 USDT');
  });

  it('says until when withdrawals are on hold after a security change', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await renderScreen(<BalanceView balance={{ ...balance, withdrawHoldUntil: until }} />, { namespace: 'wallet', resource: english, path: '/user/balance' });
    expect(screen.getByTestId('withdraw-hold').textContent).toContain('Withdrawals are on hold until');
  });
});
