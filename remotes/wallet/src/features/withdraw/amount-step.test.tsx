/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { AmountStep } from './amount-step';

const amountInput = () => screen.getByTestId('withdraw-amount').querySelector('input') as HTMLInputElement;

async function renderStep(onNext = jest.fn(), blocked = false) {
  await renderScreen(
    <AmountStep channel="USDT" available="250500000" feePercent={5} minimum="1000000" arrival="Arrives within 72 hours." blocked={blocked} onNext={onNext} />,
    { namespace: 'wallet', resource: english, path: '/user/withdraw' },
  );
  return onNext;
}

describe('AmountStep', () => {
  it('keeps digits and two decimals, strips a leading zero, and previews the 5% fee and the net', async () => {
    await renderStep();
    fireEvent.change(amountInput(), { target: { value: '0a12.349' } });
    expect(amountInput().value).toBe('12.34');
    // Every amount on the step with the same decimals: the fee's three.
    expect(screen.getByText('0.617 USDT')).toBeTruthy();
    expect(screen.getByText('11.723 USDT')).toBeTruthy();
    expect(screen.getByText('250.500 USDT')).toBeTruthy();
    expect(screen.getByText('1.000 USDT')).toBeTruthy();
    expect(screen.getByText('Arrives within 72 hours.')).toBeTruthy();
  });

  it('"All" takes the whole available balance', async () => {
    await renderStep();
    fireEvent.click(screen.getByText('All'));
    expect(amountInput().value).toBe('250.50');
  });

  it('refuses less than the minimum and more than the available balance before asking the server', async () => {
    const onNext = await renderStep();
    fireEvent.change(amountInput(), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('withdraw-next'));
    expect(screen.getByRole('alert').textContent).toBe('Minimum withdrawal is 1.00 USDT');
    fireEvent.change(amountInput(), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('withdraw-next'));
    expect(screen.getByRole('alert').textContent).toBe('Greater than available balance');
    fireEvent.change(amountInput(), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('withdraw-next'));
    expect(onNext).toHaveBeenCalledWith('100');
  });

  it('goes no further while the withdrawal cannot succeed (no fund password, no destination, a hold)', async () => {
    const onNext = await renderStep(jest.fn(), true);
    fireEvent.change(amountInput(), { target: { value: '100' } });
    expect((screen.getByTestId('withdraw-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('withdraw-next'));
    expect(onNext).not.toHaveBeenCalled();
  });
});
