/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { accountsApi } from '@rigshare/api-client';
import { isShown, renderScreen, shownText } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/team.json';
import { InviteCard } from './invite-card';

jest.mock('@rigshare/api-client', () => ({ accountsApi: { shareInfo: jest.fn() } }));
const shareInfo = accountsApi.shareInfo as jest.Mock;

describe('InviteCard', () => {
  afterEach(() => shareInfo.mockReset());

  it('shows the invite code and link the server returns, each with a copy button, and a QR code of the link', async () => {
    shareInfo.mockResolvedValue({ code: 200, msg: 'ok', data: { inviteCode: 'RS7Q2K', shareUrl: 'https://app.example.test/#/register?code=RS7Q2K' } });
    await renderScreen(<InviteCard />, { namespace: 'team', resource: english, path: '/index/friend' });
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toContain('RS7Q2K'));
    expect(screen.getByTestId('invite-code').textContent).toContain('Invite code');
    expect(screen.getByTestId('invite-link').textContent).toContain('https://app.example.test/#/register?code=RS7Q2K');
    for (const row of ['invite-code', 'invite-link']) {
      const copy = screen.getByTestId(row).querySelector('button');
      expect({ row, shown: copy !== null && isShown(copy), disabled: copy?.disabled }).toEqual({ row, shown: true, disabled: false });
    }
    // A QR code of the link, drawn by the qrcode library (an SVG image).
    await waitFor(() => expect(screen.getByTestId('invite-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    expect(isShown(screen.getByAltText('QR code of your invite link'))).toBe(true);
    expect(shareInfo).toHaveBeenCalledTimes(1);
  });

  it('says the invite could not be loaded and asks the server again on retry', async () => {
    shareInfo.mockRejectedValueOnce(new Error('Cannot reach the server.'));
    shareInfo.mockResolvedValueOnce({ code: 200, msg: 'ok', data: { inviteCode: 'AB12CD', shareUrl: 'https://app.example.test/r/AB12CD' } });
    await renderScreen(<InviteCard />, { namespace: 'team', resource: english, path: '/index/friend' });
    const failed = await screen.findByText('Your invite details could not be loaded');
    expect(isShown(failed)).toBe(true);
    expect(shownText(screen.getByText('Cannot reach the server.'))).toBe('Cannot reach the server.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toContain('AB12CD'));
    expect(shareInfo).toHaveBeenCalledTimes(2);
  });
});
