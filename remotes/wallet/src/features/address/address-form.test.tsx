/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { AddressForm } from './address-form';

const addressInput = () => screen.getByTestId('address-input').querySelector('input') as HTMLInputElement;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('AddressForm', () => {
  it('keeps the address disabled until a chain is chosen, and warns that only BEP20 is supported', async () => {
    await renderScreen(<AddressForm onSubmit={jest.fn()} />, { namespace: 'wallet', resource: english, path: '/user/addAddress' });
    expect(screen.getByTestId('bep20-warning').textContent).toContain('Only BEP20');
    expect(addressInput().disabled).toBe(true);
    fireEvent.click(screen.getByText('USDT'));
    expect(addressInput().disabled).toBe(true);
    fireEvent.click(screen.getByText('BEP20'));
    expect(addressInput().disabled).toBe(false);
  });

  it('asks for currency, chain and address, then checks the address shape', async () => {
    const onSubmit = jest.fn();
    await renderScreen(<AddressForm onSubmit={onSubmit} />, { namespace: 'wallet', resource: english, path: '/user/addAddress' });
    fireEvent.click(screen.getByTestId('address-submit'));
    expect(screen.getByRole('alert').textContent).toBe('Need to choose currency, chain, fill in address');
    fireEvent.click(screen.getByText('USDT'));
    fireEvent.click(screen.getByText('BEP20'));
    fireEvent.change(addressInput(), { target: { value: '0x1234' } });
    fireEvent.click(screen.getByTestId('address-submit'));
    expect(screen.getByRole('alert').textContent).toContain('not a valid BEP20 address');
    fireEvent.change(addressInput(), { target: { value: ADDRESS } });
    fireEvent.click(screen.getByTestId('address-submit'));
    expect(onSubmit).toHaveBeenCalledWith({ currency: 'USDT', chain: 'BEP20', address: ADDRESS });
  });
});
