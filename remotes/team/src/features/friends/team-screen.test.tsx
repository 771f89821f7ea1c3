/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountsApi } from '@rigshare/api-client';
import { isShown, renderScreen, shownText } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/team.json';
import TeamScreen from './team-screen';

jest.mock('@rigshare/api-client', () => ({ accountsApi: { shareInfo: jest.fn() } }));
const shareInfo = accountsApi.shareInfo as jest.Mock;

describe('TeamScreen', () => {
  afterEach(() => shareInfo.mockReset());

  it('shows the invite code and link the server returns, each with a copy button, and an empty team', async () => {
    shareInfo.mockResolvedValue({ code: 200, msg: 'ok', data: { inviteCode: 'RS7Q2K', shareUrl: 'https://app.example.test/#/register?code=RS7Q2K' } });
    await renderScreen(<TeamScreen />, { namespace: 'team', resource: english, path: '/index/friend' });
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toContain('RS7Q2K'));
    expect(screen.getByTestId('invite-code').textContent).toContain('Invite code');
    expect(screen.getByTestId('invite-link').textContent).toContain('https://app.example.test/#/register?code=RS7Q2K');
    for (const row of ['invite-code', 'invite-link']) {
      const copy = within(screen.getByTestId(row)).getByRole('button') as HTMLButtonElement;
      expect({ row, shown: isShown(copy), disabled: copy.disabled }).toEqual({ row, shown: true, disabled: false });
    }
    expect(shownText(screen.getByTestId('page-empty'))).toContain('Your team will appear here once friends join');
    expect(shareInfo).toHaveBeenCalledTimes(1);
  });

  it('says the invite could not be loaded and asks the server again on retry', async () => {
    shareInfo.mockRejectedValueOnce(new Error('Cannot reach the server.'));
    shareInfo.mockResolvedValueOnce({ code: 200, msg: 'ok', data: { inviteCode: 'AB12CD', shareUrl: 'https://app.example.test/r/AB12CD' } });
    await renderScreen(<TeamScreen />, { namespace: 'team', resource: english, path: '/index/friend' });
    const failed = (await screen.findByText('Your invite details could not be loaded')).closest('.adm-error-block')!;
    expect(shownText(failed)).toContain('Cannot reach the server.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toContain('AB12CD'));
    expect(shareInfo).toHaveBeenCalledTimes(2);
  });
});
