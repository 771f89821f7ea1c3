/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { ApiError } from '@rigshare/api-client';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import type { ExchangeRecord } from '../../api/wallet';
import { fieldError } from '../../testing/field-error';
import { ExchangeForm } from './exchange-card';

// antd-mobile's imperative Toast needs a React 19 root, as the shell sets up.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

const record: ExchangeRecord = { id: 3, code: 'WELCOME5', amount: '5000000', createTime: '2026-03-01T10:00:00.000Z' };
const options = { namespace: 'wallet', resource: english, path: '/user/stock' };

const typeCode = (value: string) => {
  const input = screen.getByTestId('exchange-code').querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
};
const press = async () => {
  await act(async () => {
    fireEvent.click(screen.getByText('Exchange', { selector: 'button, button *' }));
  });
};

describe('ExchangeForm', () => {
  it('asks for a code before calling the server', async () => {
    const redeem = jest.fn();
    await renderScreen(<ExchangeForm status={{ used: false, record: null }} redeem={redeem} />, options);
    expect(screen.getByTestId('exchange-card').textContent).toContain('Enter the exchange code you received. Each member can exchange once.');
    typeCode('   ');
    await press();
    await waitFor(() => expect(fieldError('exchange-code')).toBe('A redemption code or exchange code must be entered'));
    expect(redeem).not.toHaveBeenCalled();
  });

  it('redeems the trimmed code and then shows what it paid instead of the form', async () => {
    const redeem = jest.fn().mockResolvedValue({ record, message: 'Exchange successful' });
    await renderScreen(<ExchangeForm status={{ used: false, record: null }} redeem={redeem} />, options);
    typeCode(' welcome5 ');
    await press();
    await waitFor(() => expect(redeem).toHaveBeenCalledWith('welcome5'));
    await waitFor(() => expect(screen.getByTestId('exchange-used').textContent).toContain('Code WELCOME5: 5.00 USDT credited on'));
    expect(screen.queryByTestId('exchange-code')).toBeNull();
  });

  it("shows the server's refusal and keeps the form", async () => {
    const redeem = jest.fn().mockRejectedValue(new ApiError(400, 'Balance 0, exchange failed'));
    await renderScreen(<ExchangeForm status={{ used: false, record: null }} redeem={redeem} />, options);
    typeCode('EMPTY1');
    await press();
    await waitFor(() => expect(fieldError('exchange-code')).toBe('Balance 0, exchange failed'));
    expect((screen.getByTestId('exchange-code').querySelector('input') as HTMLInputElement).value).toBe('EMPTY1');
  });

  it('shows a used exchange without a form', async () => {
    await renderScreen(<ExchangeForm status={{ used: true, record }} redeem={jest.fn()} />, options);
    expect(screen.getByTestId('exchange-used').textContent).toContain('You have already used your exchange');
    expect(screen.getByText('Used').textContent).toBe('Used');
    expect(screen.queryByTestId('exchange-code')).toBeNull();
  });
});
