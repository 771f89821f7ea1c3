/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/messages.json';
import InboxScreen from './inbox-screen';

describe('InboxScreen', () => {
  it('tells the member honestly that there is nothing to show yet', async () => {
    await renderScreen(<InboxScreen />, { namespace: 'messages', resource: english, path: '/message' });
    expect(screen.getByTestId('page-empty')).toBeTruthy();
    expect(screen.getByText('No messages yet')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
