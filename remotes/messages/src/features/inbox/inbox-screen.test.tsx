/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderWithI18n } from '../../testing/render-with-i18n';
import InboxScreen from './inbox-screen';

describe('InboxScreen', () => {
  it('tells the member honestly that there is nothing to show yet', async () => {
    await renderWithI18n(<InboxScreen />, '/message');
    expect(screen.getByTestId('page-empty')).toBeTruthy();
    expect(screen.getByText('No messages yet')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
