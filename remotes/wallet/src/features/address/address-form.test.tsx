/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { fieldError } from '../../testing/field-error';
import { AddressForm } from './address-form';

const addressInput = () => screen.getByTestId('address-input').querySelector('input') as HTMLInputElement;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const press = () => act(async () => fireEvent.click(screen.getByTestId('address-submit')));

describe('AddressForm', () => {
  it('keeps the address disabled until a chain is chosen, and warns that only BEP20 is supported', async () => {
    await renderScreen(<AddressForm onSubmit={jest.fn()} />, { namespace: 'wallet', resource: english, path: '/user/addAddress' });
    expect(screen.getByTestId('bep20-warning').textContent).toContain('Only BEP20');
    expect(addressInput().disabled).toBe(true);
    fireEvent.click(screen.getByText('USDT'));
    expect(addressInput().disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByText('BEP20')));
    expect(addressInput().disabled).toBe(false);
  });

  it('asks for currency, chain and address under each field, then checks the address shape', async () => {
    const onSubmit = jest.fn();
    await renderScreen(<AddressForm onSubmit={onSubmit} />, { namespace: 'wallet', resource: english, path: '/user/addAddress' });
    await press();
    await waitFor(() => expect(fieldError('address-currency')).toBe('Need to choose currency, chain, fill in address'));
    expect(fieldError('address-chain')).toBe('Need to choose currency, chain, fill in address');
    await act(async () => fireEvent.click(screen.getByText('USDT')));
    await act(async () => fireEvent.click(screen.getByText('BEP20')));
    fireEvent.change(addressInput(), { target: { value: '0x1234' } });
    await press();
    await waitFor(() => expect(fieldError('address-input')).toContain('not a valid BEP20 address'));
    expect(fieldError('address-currency')).toBeNull();
    fireEvent.change(addressInput(), { target: { value: ` ${ADDRESS} ` } });
    await press();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ currency: 'USDT', chain: 'BEP20', address: ADDRESS }));
  });

  it("shows the server's refusal of the address under the address", async () => {
    const onSubmit = jest.fn().mockRejectedValue({ code: 400, message: 'The address is not a valid BEP20 address', data: { field: 'address' } });
    await renderScreen(<AddressForm onSubmit={onSubmit} />, { namespace: 'wallet', resource: english, path: '/user/addAddress' });
    await act(async () => fireEvent.click(screen.getByText('USDT')));
    await act(async () => fireEvent.click(screen.getByText('BEP20')));
    fireEvent.change(addressInput(), { target: { value: ADDRESS } });
    await press();
    await waitFor(() => expect(fieldError('address-input')).toBe('The address is not a valid BEP20 address'));
  });
});
