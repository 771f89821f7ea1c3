/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { fieldError, rowOf } from '../../testing/field-error';
import { AmountStep } from './amount-step';

const amountInput = () => screen.getByTestId('withdraw-amount').querySelector('input') as HTMLInputElement;

const type = (value: string) => act(async () => fireEvent.change(amountInput(), { target: { value } }));
const press = () => act(async () => fireEvent.click(screen.getByTestId('withdraw-next')));

async function renderStep(onNext: jest.Mock = jest.fn(), blocked = false, onRefused: jest.Mock = jest.fn()) {
  await renderScreen(
    <AmountStep channel="USDT" available="250500000" feePercent={5} minimum="1000000" arrival="Arrives within 72 hours." blocked={blocked} onNext={onNext} onRefused={onRefused} />,
    { namespace: 'wallet', resource: english, path: '/user/withdraw' },
  );
  return onNext;
}

describe('AmountStep', () => {
  it('keeps digits and two decimals, strips a leading zero, and previews the 5% fee and the net', async () => {
    await renderStep();
    await type('0a12.349');
    expect(amountInput().value).toBe('12.34');
    // Every amount on the step with the same decimals: the fee's three.
    expect(rowOf('Fee (5%)')).toBe('Fee (5%)0.617 USDT');
    expect(rowOf(english.withdraw.netLabel)).toBe(`${english.withdraw.netLabel}11.723 USDT`);
    expect(rowOf(english.withdraw.available)).toBe(`${english.withdraw.available}250.500 USDT`);
    expect(rowOf(english.withdraw.minimumLabel)).toBe(`${english.withdraw.minimumLabel}1.000 USDT`);
    expect(document.body.textContent).toContain('Arrives within 72 hours.');
  });

  it('"All" takes the whole available balance', async () => {
    await renderStep();
    await act(async () => fireEvent.click(screen.getByText('All')));
    expect(amountInput().value).toBe('250.50');
  });

  it('refuses less than the minimum and more than the available balance under the amount, before asking the server', async () => {
    const onNext = await renderStep();
    await type('0.5');
    await press();
    await waitFor(() => expect(fieldError('withdraw-amount')).toBe('Minimum withdrawal is 1.00 USDT'));
    await type('300');
    await press();
    await waitFor(() => expect(fieldError('withdraw-amount')).toBe('Greater than available balance'));
    expect(onNext).not.toHaveBeenCalled();
    await type('100');
    await press();
    await waitFor(() => expect(onNext).toHaveBeenCalledWith('100'));
    expect(fieldError('withdraw-amount')).toBeNull();
  });

  it("shows the server's refusal of the amount under the amount, and hands any other refusal to the screen", async () => {
    const onRefused = jest.fn();
    const onNext = jest
      .fn()
      .mockRejectedValueOnce({ code: 400, message: 'Greater than available balance', data: { fix: null, field: 'amount' } })
      .mockRejectedValueOnce({ code: 400, message: 'Please bind your address', data: { fix: '/user/address' } });
    await renderStep(onNext, false, onRefused);
    await type('100');
    await press();
    await waitFor(() => expect(fieldError('withdraw-amount')).toBe('Greater than available balance'));
    expect(onRefused).not.toHaveBeenCalled();
    await press();
    await waitFor(() => expect(onRefused).toHaveBeenCalledWith({ code: 400, message: 'Please bind your address', data: { fix: '/user/address' } }));
  });

  it('goes no further while the withdrawal cannot succeed (no fund password, no destination, a hold)', async () => {
    const onNext = await renderStep(jest.fn(), true);
    await type('100');
    expect((screen.getByTestId('withdraw-next') as HTMLButtonElement).disabled).toBe(true);
    await press();
    expect(onNext).not.toHaveBeenCalled();
  });
});
