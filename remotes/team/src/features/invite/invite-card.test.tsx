/** @jest-environment jest-fixed-jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { isShown, renderScreen, shownText } from '@rigshare/ui/testing';
import { memberApi, ok, startFakeApi } from '@rigshare/ui/testing/fake-api';
import { HttpResponse } from 'msw';
import english from '../../../locales/en-US/team.json';
import { InviteCard } from './invite-card';

const api = startFakeApi();
const inviteMessage = (data: { inviteCode: string; shareUrl: string; message: string }) => memberApi.get('user', 'queryInviteMsg', () => ok(data));

describe('InviteCard', () => {
  it('shows the invite code, link and message the server returns, each with a copy button, and a QR code of the link', async () => {
    api.use(inviteMessage({ inviteCode: 'RS7Q2K', shareUrl: 'https://app.example.test/#/register?code=RS7Q2K', message: 'Mine with me: https://app.example.test/#/register?code=RS7Q2K (code RS7Q2K)' }));
    await renderScreen(<InviteCard />, { namespace: 'team', resource: english, path: '/index/friend' });
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toContain('RS7Q2K'));
    expect(screen.getByTestId('invite-code').textContent).toContain('Invite code');
    expect(screen.getByTestId('invite-link').textContent).toContain('https://app.example.test/#/register?code=RS7Q2K');
    // The message staff set, with the member's own link and code in it, copied whole.
    expect(shownText(screen.getByTestId('invite-message').querySelector('.rs-copy-text__value')!)).toBe('Mine with me: https://app.example.test/#/register?code=RS7Q2K (code RS7Q2K)');
    expect(screen.getByTestId('invite-message').textContent).toContain('Invite message');
    for (const row of ['invite-code', 'invite-link', 'invite-message']) {
      const copy = screen.getByTestId(row).querySelector('button');
      expect({ row, shown: copy !== null && isShown(copy), disabled: copy?.disabled }).toEqual({ row, shown: true, disabled: false });
    }
    // A QR code of the link, drawn as SVG, named for screen readers.
    const qr = screen.getByRole('img', { name: 'QR code of your invite link' });
    expect({ tag: qr.tagName, testId: qr.getAttribute('data-testid'), drawn: qr.querySelectorAll('path').length > 0, shown: isShown(qr) }).toEqual({ tag: 'svg', testId: 'invite-qr', drawn: true, shown: true });
    expect(api.sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/user/queryInviteMsg']);
  });

  it('copies the full invite message, link included', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    api.use(inviteMessage({ inviteCode: 'RS7Q2K', shareUrl: 'https://app.example.test/r/RS7Q2K', message: 'Code RS7Q2K only\nhttps://app.example.test/r/RS7Q2K' }));
    await renderScreen(<InviteCard />, { namespace: 'team', resource: english, path: '/index/friend' });
    const row = await screen.findByTestId('invite-message');
    fireEvent.click(row.querySelector('button')!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Code RS7Q2K only\nhttps://app.example.test/r/RS7Q2K'));
  });

  it('says the invite could not be loaded and asks the server again on retry', async () => {
    api.use(inviteMessage({ inviteCode: 'AB12CD', shareUrl: 'https://app.example.test/r/AB12CD', message: 'Join me: https://app.example.test/r/AB12CD' }));
    // The first call finds no network; the retry reaches the server.
    api.use(memberApi.get('user', 'queryInviteMsg', () => HttpResponse.error(), { once: true }));
    await renderScreen(<InviteCard />, { namespace: 'team', resource: english, path: '/index/friend' });
    expect(isShown(await screen.findByText('Your invite details could not be loaded'))).toBe(true);
    expect(isShown(screen.getByText('Cannot reach the server. Please check your connection.'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toContain('AB12CD'));
    expect(api.sent.map(({ path }) => path)).toEqual(['/api/user/queryInviteMsg', '/api/user/queryInviteMsg']);
  });
});
