/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import type { UsdtDeposit, UsdtDepositInfo } from '../../api/wallet';
import { UsdtDepositItem } from './usdt-deposit-item';
import { UsdtAddressCard, UsdtRechargeView } from './usdt-recharge-screen';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const on: UsdtDepositInfo = {
  enabled: true,
  reason: null,
  message: null,
  address: ADDRESS,
  network: 'BEP20',
  chainName: 'BNB Smart Chain',
  token: 'USDT',
  tokenAddress: '0x55d398326f99059fF775485246999027B3197955',
  minimum: '10000000',
  confirmations: 20,
};
const options = { namespace: 'wallet', resource: english, path: '/user/recharge' };

describe('USDT recharge', () => {
  it('shows the member\'s address as text and QR code, the BEP20-only warning, the minimum and the confirmations', async () => {
    await renderScreen(<UsdtAddressCard info={{ ...on, address: ADDRESS }} />, options);
    expect(screen.getByTestId('usdt-address').textContent).toContain(ADDRESS);
    expect(screen.getByTitle('QR code of your deposit address').closest('svg')).not.toBeNull();
    expect(document.body.textContent).toMatch(/Send only USDT on BNB Smart Chain \(BEP20\) to this address/);
    expect(screen.getByTestId('usdt-minimum').textContent).toBe('at least 10.00 USDT');
    expect(screen.getByTestId('usdt-required').textContent).toBe('20 network confirmations (about 1 minute)');
  });

  it('says the deposits are off, with the server\'s reason, and shows no address', async () => {
    const off: UsdtDepositInfo = { ...on, enabled: false, reason: 'noRpc', message: 'The server is not connected to BNB Smart Chain', address: null };
    await renderScreen(<UsdtRechargeView info={off} />, options);
    expect(screen.getByTestId('usdt-off').textContent).toContain('The server is not connected to BNB Smart Chain');
    expect(screen.queryByTestId('usdt-address')).toBeNull();
    expect(screen.getAllByText('Bank or cash recharge').length).toBeGreaterThan(0);
  });

  it('counts a pending deposit\'s confirmations and shows an arrived one without them', async () => {
    const pending: UsdtDeposit = {
      id: 1,
      txHash: '0x' + 'ab'.repeat(32),
      amount: '25000000',
      status: 'Pending',
      confirmations: 3,
      required: 20,
      reason: null,
      createTime: '2026-11-22T08:00:00.000Z',
      arrivedTime: null,
    };
    const view = await renderScreen(<UsdtDepositItem deposit={pending} />, options);
    expect(screen.getByTestId('usdt-deposit-status').textContent).toBe('Pending');
    expect(screen.getByTestId('usdt-deposit-confirmations').textContent).toBe('3 of 20 confirmations');
    view.unmount();
    await renderScreen(<UsdtDepositItem deposit={{ ...pending, status: 'Arrived', confirmations: 20, arrivedTime: '2026-11-22T08:01:00.000Z' }} />, options);
    expect(screen.getByTestId('usdt-deposit-status').textContent).toBe('Arrived');
    expect(screen.queryByTestId('usdt-deposit-confirmations')).toBeNull();
  });
});
