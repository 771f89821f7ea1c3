/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { ApiError } from '@rigshare/api-client';
import { formatDateTime } from '@rigshare/i18n';
import type { Withdrawal, WithdrawQuote } from '../../api/wallet';
import { withdrawalFee } from '@rigshare/domain';
import { showRefusal } from '../shared/refusal';
import { ConfirmStep } from './confirm-step';

// antd-mobile's imperative Dialog needs a React 19 root, as the shell sets up.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

const amount = 123_450_000n;
const { fee, net } = withdrawalFee(amount, 5);
const quote: WithdrawQuote = { amount: amount.toString(), fee: fee.toString(), net: net.toString(), feePercent: 5, minimum: '1000000' };

function Harness({ submit }: { submit(payPassword: string): Promise<Withdrawal> }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  return (
    <Routes>
      <Route
        path="/user/withdraw"
        element={
          <ConfirmStep
            quote={quote}
            destination="0x5290840009852...169EE7"
            submit={submit}
            onDone={() => navigate('/user/withrecord')}
            onRefused={(error) => showRefusal(error, t, navigate)}
            onBack={() => undefined}
          />
        }
      />
      <Route path="/user/address" element={<p>address book</p>} />
      <Route path="/user/withrecord" element={<p>withdrawal records</p>} />
    </Routes>
  );
}

const typePin = (pin: string) => {
  const input = screen.getByTestId('fund-password').querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value: pin } });
};

describe('ConfirmStep', () => {
  it('shows the amount, the exact fee and the net before the fund password is asked', async () => {
    await renderScreen(<Harness submit={() => new Promise(() => undefined)} />, { namespace: 'wallet', resource: english, path: '/user/withdraw' });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('6.1725 USDT');
    expect(screen.getByTestId('withdraw-net').textContent).toBe('117.2775 USDT');
    // The amount with the fee's and the net's decimals, not "123.45" beside "6.1725".
    expect(screen.getByTestId('withdraw-confirm-step').textContent).toContain('123.4500 USDT');
    expect(screen.queryByTestId('fund-password')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    expect(screen.getAllByLabelText(english.withdraw.enterFundPassword).length).toBeGreaterThan(0);
    expect(screen.getByTestId('withdraw-net').textContent).toBe('117.2775 USDT');
  });

  it('sends the member to the route the refusal names with "Go and bind"', async () => {
    const submit = jest.fn(() => Promise.reject(new ApiError(400, 'Please bind your address', { fix: '/user/address' })));
    await renderScreen(<Harness submit={submit} />, { namespace: 'wallet', resource: english, path: '/user/withdraw' });
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await act(async () => typePin('123456'));
    expect(submit).toHaveBeenCalledWith('123456');
    await waitFor(() => expect(document.body.textContent).toContain('Please bind your address'));
    await act(async () => fireEvent.click(screen.getByText('Go and bind')));
    await waitFor(() => expect(document.body.textContent).toContain('address book'));
  });

  it('says a hold with its end in the member\'s time zone, never the server\'s ISO time', async () => {
    const until = '2030-01-02T03:04:05.000Z';
    const submit = jest.fn(() =>
      Promise.reject(new ApiError(403, `Withdrawals are on hold until ${until} after a security change`, { fix: null, holdUntil: until })),
    );
    await renderScreen(<Harness submit={submit} />, { namespace: 'wallet', resource: english, path: '/user/withdraw' });
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await act(async () => typePin('123456'));
    const local = formatDateTime(until, 'en-US');
    await waitFor(() => expect(document.body.textContent).toContain(`Withdrawals are on hold until ${local} after a security change.`));
    expect(document.body.textContent).not.toContain(until);
  });

  it('after a wrong PIN says beside the pad how many wrong tries are left, and clears the pad for the next', async () => {
    const submit = jest.fn(() => Promise.reject(new ApiError(400, 'Fund password incorrect. Wrong tries left before it locks: 2', { fix: null, triesLeft: 2 })));
    await renderScreen(<Harness submit={submit} />, { namespace: 'wallet', resource: english, path: '/user/withdraw' });
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await act(async () => typePin('111111'));
    await waitFor(() => expect(screen.getByTestId('fund-password-tries-left').textContent).toBe('Wrong fund password. 2 wrong tries left before it locks.'));
    expect(screen.getByTestId('fund-password')).toBeTruthy();
    expect((screen.getByTestId('fund-password').querySelector('input') as HTMLInputElement).value).toBe('');
  });

  it('once locked, the pad is dimmed and out of reach, the button disabled, and the lock\'s end is said in local time', async () => {
    const until = new Date(Date.now() + 45 * 60_000).toISOString();
    const submit = jest.fn(() => Promise.reject(new ApiError(429, 'Too many wrong fund passwords. Your fund password is locked for 45 minutes', { fix: null, lockedUntil: until })));
    await renderScreen(<Harness submit={submit} />, { namespace: 'wallet', resource: english, path: '/user/withdraw' });
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await act(async () => typePin('111111'));
    await waitFor(() => expect(screen.getByTestId('fund-password-locked').textContent).toBe(`Too many wrong tries: your fund password is locked until ${formatDateTime(until, 'en-US')}.`));
    expect(screen.queryByTestId('fund-password')).toBeNull();
    expect(screen.getByTestId('fund-password-pad-locked').hasAttribute('inert')).toBe(true);
    expect((screen.getByRole('button', { name: english.withdraw.submit }) as HTMLButtonElement).disabled).toBe(true);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('opens locked when the balance already says the fund password is locked: no pad to type on', async () => {
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    const submit = jest.fn(() => new Promise<Withdrawal>(() => undefined));
    await renderScreen(
      <ConfirmStep quote={quote} destination="0x5290840009852...169EE7" submit={submit} onDone={() => undefined} onRefused={() => undefined} onBack={() => undefined} lockedUntil={until} />,
      { namespace: 'wallet', resource: english, path: '/user/withdraw' },
    );
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    expect(screen.getByTestId('fund-password-locked').textContent).toContain(formatDateTime(until, 'en-US'));
    expect(screen.queryByTestId('fund-password')).toBeNull();
    expect(submit).not.toHaveBeenCalled();
  });
});
