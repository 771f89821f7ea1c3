/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderWithI18n } from '../../testing/render-with-i18n';
import SquareScreen from './square-screen';

describe('SquareScreen', () => {
  it('tells the member honestly that there is nothing to show yet', async () => {
    await renderWithI18n(<SquareScreen />, '/dynamic');
    expect(screen.getByTestId('page-empty')).toBeTruthy();
    expect(screen.getByText('No posts yet')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
