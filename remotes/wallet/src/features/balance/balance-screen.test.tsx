/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderWithI18n } from '../../testing/render-with-i18n';
import BalanceScreen from './balance-screen';

describe('BalanceScreen', () => {
  it('tells the member honestly that there is nothing to show yet', async () => {
    await renderWithI18n(<BalanceScreen />, '/user/balance');
    expect(screen.getByTestId('page-empty')).toBeTruthy();
    expect(screen.getByText('Your wallet activity will appear here')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
