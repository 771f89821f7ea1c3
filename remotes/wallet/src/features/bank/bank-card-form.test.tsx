/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { fieldError } from '../../testing/field-error';
import { BankCardForm } from './bank-card-form';

const field = (testId: string) => screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
const type = (testId: string, value: string) => act(async () => fireEvent.change(field(testId), { target: { value } }));
const press = () => act(async () => fireEvent.click(screen.getByTestId('bank-submit')));
const options = { namespace: 'wallet', resource: english, path: '/user/CaddAddress' };

async function fillValid() {
  await type('bank-holder', 'Asha Rao');
  await type('bank-name', 'State Bank of India');
  await type('bank-account', '1234567890');
  await type('bank-ifsc', 'SBIN0012345');
}

describe('BankCardForm', () => {
  it('refuses an IFSC whose fifth character is the letter O under the IFSC, and accepts the digit zero', async () => {
    const onSubmit = jest.fn();
    await renderScreen(<BankCardForm onSubmit={onSubmit} />, options);
    await type('bank-holder', ' Asha Rao ');
    await type('bank-name', 'State Bank of India');
    await type('bank-account', '12-3456 7890');
    expect(field('bank-account').value).toBe('1234567890');
    await type('bank-ifsc', 'sbinO012345');
    expect(field('bank-ifsc').value).toBe('SBINO012345');
    await press();
    await waitFor(() => expect(fieldError('bank-ifsc')).toBe(english.bank.invalidIfsc));
    expect(onSubmit).not.toHaveBeenCalled();
    await type('bank-ifsc', 'SBIN0012345');
    await press();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ holderName: 'Asha Rao', bankName: 'State Bank of India', accountNumber: '1234567890', ifsc: 'SBIN0012345' }),
    );
  });

  it('needs every field and 6 to 20 account digits, each said under its field', async () => {
    await renderScreen(<BankCardForm onSubmit={jest.fn()} />, options);
    await press();
    await waitFor(() => expect(fieldError('bank-holder')).toBe('Please fill in every field'));
    expect(fieldError('bank-ifsc')).toBe('Please fill in every field');
    await type('bank-holder', 'Asha Rao');
    await type('bank-name', 'SBI');
    await type('bank-account', '12345');
    await type('bank-ifsc', 'SBIN0012345');
    await press();
    await waitFor(() => expect(fieldError('bank-account')).toBe('The account number must be 6 to 20 digits'));
    expect(fieldError('bank-holder')).toBeNull();
  });

  it("shows the server's refusal of the IFSC under the IFSC field", async () => {
    const onSubmit = jest.fn().mockRejectedValue({ code: 400, message: 'IFSC code is invalid', data: { field: 'ifsc' } });
    await renderScreen(<BankCardForm onSubmit={onSubmit} />, options);
    await fillValid();
    await press();
    await waitFor(() => expect(fieldError('bank-ifsc')).toBe('IFSC code is invalid'));
    expect(fieldError('bank-account')).toBeNull();
  });
});
