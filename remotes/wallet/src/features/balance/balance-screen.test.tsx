/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import BalanceScreen from './balance-screen';

describe('BalanceScreen', () => {
  it('tells the member honestly that there is nothing to show yet', async () => {
    await renderScreen(<BalanceScreen />, { namespace: 'wallet', resource: english, path: '/user/balance' });
    expect(screen.getByTestId('page-empty')).toBeTruthy();
    expect(screen.getByText('Your wallet activity will appear here')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
