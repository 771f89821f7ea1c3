/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { BankCardForm } from './bank-card-form';

const field = (testId: string) => screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });

describe('BankCardForm', () => {
  it('refuses an IFSC whose fifth character is the letter O, and accepts the digit zero', async () => {
    const onSubmit = jest.fn();
    await renderScreen(<BankCardForm onSubmit={onSubmit} />, { namespace: 'wallet', resource: english, path: '/user/CaddAddress' });
    type('bank-holder', 'Asha Rao');
    type('bank-name', 'State Bank of India');
    type('bank-account', '12-3456 7890');
    expect(field('bank-account').value).toBe('1234567890');
    type('bank-ifsc', 'sbinO012345');
    expect(field('bank-ifsc').value).toBe('SBINO012345');
    fireEvent.click(screen.getByTestId('bank-submit'));
    expect(screen.getByRole('alert').textContent).toBe(english.bank.invalidIfsc);
    expect(onSubmit).not.toHaveBeenCalled();
    type('bank-ifsc', 'SBIN0012345');
    fireEvent.click(screen.getByTestId('bank-submit'));
    expect(onSubmit).toHaveBeenCalledWith({ holderName: 'Asha Rao', bankName: 'State Bank of India', accountNumber: '1234567890', ifsc: 'SBIN0012345' });
  });

  it('needs every field and 6 to 20 account digits', async () => {
    await renderScreen(<BankCardForm onSubmit={jest.fn()} />, { namespace: 'wallet', resource: english, path: '/user/CaddAddress' });
    fireEvent.click(screen.getByTestId('bank-submit'));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in every field');
    type('bank-holder', 'Asha Rao');
    type('bank-name', 'SBI');
    type('bank-account', '12345');
    type('bank-ifsc', 'SBIN0012345');
    fireEvent.click(screen.getByTestId('bank-submit'));
    expect(screen.getByRole('alert').textContent).toBe('The account number must be 6 to 20 digits');
  });
});
