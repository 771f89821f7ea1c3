/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { isShown, renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, startFakeApi } from '@rigshare/ui/testing/fake-api';
import { store } from '@rigshare/session';
import english from '../../../locales/en-US/wallet.json';
import { memberLinksApi } from '@rigshare/api-client';
import CashRechargeScreen from './cash-recharge-screen';

const api = startFakeApi(
  memberApi.get('assets', 'system/pay/config/banks', () => ok([{ id: 1, name: 'City Bank', currency: 'INR', minAmount: '100000000', kind: 'bank', instructions: 'Ask customer service for the account.' }])),
  memberApi.get('assets', 'user/cashrecharge/list', () => ok({ total: 0, list: [] })),
);
const options = { namespace: 'wallet', resource: english, path: '/user/cashrecharge' };
const serviceLink = (appUrl: string | null) => memberApi.get('user', 'appUrl/info', () => ok({ appUrl }));
const notSetUp = () => screen.queryByTestId('service-not-set-up');
/** The screen's read of the link has been answered (or has failed): what it shows now is what it decided. */
const linkAnswered = () =>
  // The page's store holds the server cache's slice (added at run time, so its static type does not name it).
  waitFor(() => expect(memberLinksApi.endpoints.serviceLink.select()(store.getState() as never).status).toMatch(/fulfilled|rejected/));

describe('Cash recharge: the customer-service link the instructions send members to', () => {
  it('warns the member not to pay anyone while staff have not set the link', async () => {
    api.use(serviceLink(null));
    await renderScreen(<CashRechargeScreen />, options);
    await waitFor(() => expect(notSetUp()).not.toBeNull());
    expect(isShown(notSetUp()!)).toBe(true);
    expect(notSetUp()!.textContent).toContain('Please do not pay anyone until it is');
  });

  it('says nothing of the link once it is set', async () => {
    api.use(serviceLink('https://t.me/rigshare_help'));
    await renderScreen(<CashRechargeScreen />, options);
    await screen.findByText('City Bank (INR)');
    await linkAnswered();
    expect(notSetUp()).toBeNull();
  });

  it('says nothing of the link when asking for it failed', async () => {
    api.use(memberApi.get('user', 'appUrl/info', () => HttpResponse.error()));
    await renderScreen(<CashRechargeScreen />, options);
    await screen.findByText('City Bank (INR)');
    await linkAnswered();
    expect(notSetUp()).toBeNull();
  });
});
