/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen, shownText } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/community.json';
import SquareScreen from './square-screen';

describe('SquareScreen', () => {
  it('tells the member honestly that there is nothing to show yet', async () => {
    await renderScreen(<SquareScreen />, { namespace: 'community', resource: english, path: '/dynamic' });
    expect(shownText(screen.getByTestId('page-empty'))).toContain('No posts yet');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
