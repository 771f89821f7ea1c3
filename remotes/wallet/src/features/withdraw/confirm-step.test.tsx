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
});
