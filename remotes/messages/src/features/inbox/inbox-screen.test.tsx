/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen, shownText } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/messages.json';
import InboxScreen from './inbox-screen';

describe('InboxScreen', () => {
  it('tells the member honestly that there is nothing to show yet', async () => {
    await renderScreen(<InboxScreen />, { namespace: 'messages', resource: english, path: '/message' });
    expect(shownText(screen.getByTestId('page-empty'))).toContain('No messages yet');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
