/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { isShown, renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { useWalletNoticesQuery } from '../../api/endpoints';
import { WalletNotices } from './wallet-notices';

jest.mock('../../api/endpoints', () => ({ FRESH: {}, useWalletNoticesQuery: jest.fn() }));
const query = useWalletNoticesQuery as jest.Mock;

const show = () => renderScreen(<WalletNotices />, { namespace: 'wallet', resource: english, path: '/user/balance' });

describe('WalletNotices', () => {
  afterEach(() => query.mockReset());

  it("shows each published notice in full, with its title when it has one", async () => {
    query.mockReturnValue({
      data: [
        { id: 3, title: 'Bank hours', content: 'Bank withdrawals arrive on working days.' },
        { id: 5, title: '', content: 'USDT deposits need 15 confirmations.' },
      ],
    });
    await show();
    const notices = screen.getAllByTestId('wallet-notice');
    expect(notices.map((n) => n.textContent)).toEqual(['Bank hoursBank withdrawals arrive on working days.', 'USDT deposits need 15 confirmations.']);
    expect(isShown(screen.getByText('Bank withdrawals arrive on working days.'))).toBe(true);
  });

  it('draws nothing when none is published, while loading, or when the call failed', async () => {
    for (const state of [{ data: [] }, { isLoading: true }, { isError: true, error: { code: 0, message: 'Network Error' } }]) {
      query.mockReturnValue(state);
      const { container, unmount } = await show();
      expect(container.querySelector('[data-testid="wallet-notices"]')).toBeNull();
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
