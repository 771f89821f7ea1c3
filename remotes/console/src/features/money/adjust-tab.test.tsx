/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { configureStaffApi, installStaffApi } from '@rigshare/api-client';
import { store } from '@rigshare/session';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/console.json';
import { AdjustTab } from './adjust-tab';

const refusal = english.money.amountHelp;

async function typeInto(testId: string, text: string) {
  const input = screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId);
  await act(async () => fireEvent.change(input, { target: { value: text } }));
}

async function submitAdjustment(amount: string) {
  await renderScreen(
    <Provider store={store}>
      <AdjustTab />
    </Provider>,
    { namespace: 'console', resource: english },
  );
  await typeInto('adjust-member', '7');
  await typeInto('money-amount', amount);
  await typeInto('money-reason', 'Correction of a duplicate deposit');
  await act(async () => fireEvent.click(screen.getByTestId('adjust-submit')));
}

describe('the amount of a staff adjustment', () => {
  const sent: string[] = [];
  beforeAll(() => {
    configureStaffApi({ admin: 'https://console.test/api/admin' });
    installStaffApi();
  });
  beforeEach(() => {
    sent.length = 0;
    // Records what would reach the server; nothing leaves the test.
    jest.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation((method: string, url: string | URL) => void sent.push(`${method} ${url}`));
    jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(['12.345', '-5', '0', '1 000', '1234567890123'])('"%s" shows the amount rule and sends nothing', async (amount) => {
    await submitAdjustment(amount);
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('an amount the server takes is sent', async () => {
    await submitAdjustment(' 12.5 ');
    await waitFor(() => expect(sent).toEqual([expect.stringMatching(/^post .*\/money\/adjustments$/i)]));
    expect(screen.queryByText(refusal)).toBeNull();
  });
});
