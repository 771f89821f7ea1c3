/** @jest-environment jest-fixed-jsdom */
import { act, screen, waitFor } from '@testing-library/react';
import { connectPageToLive, startLiveServer, type LiveTestServer } from '@rigshare/api-client/testing/live-server';
import { renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/wallet.json';
import type { UsdtDeposit } from '../../api/wallet';
import { followLiveEvents } from '../../api/live-events';
import { UsdtDepositList } from './usdt-deposit-list';

/** What the chain watcher has recorded so far: the test moves it on between reads. */
let confirmations = 3;
const deposit = (): UsdtDeposit => ({
  id: 1,
  txHash: '0x' + 'ab'.repeat(32),
  amount: '25000000',
  status: 'Pending',
  confirmations,
  required: 20,
  reason: null,
  createTime: '2026-12-05T08:00:00.000Z',
  arrivedTime: null,
});
const api = startFakeApi(memberApi.get('assets', 'user/recharge/usdt/records', () => ok({ total: 1, list: [deposit()] })));

let server: LiveTestServer;
let stop: () => void = () => undefined;
beforeAll(async () => (server = await startLiveServer()));
afterAll(async () => {
  stop();
  await server.close();
});

const reads = () => api.sent.filter(({ path }) => path === '/api/assets/user/recharge/usdt/records').length;
const shown = () => screen.getByTestId('usdt-deposit-confirmations').textContent;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('polls while the live channel is down, then stops polling and counts confirmations up from its events', async () => {
  await renderScreen(<UsdtDepositList refreshMs={100} />, { namespace: 'wallet', resource: english, path: '/user/recharge' });
  await waitFor(() => expect(shown()).toBe('3 of 20 confirmations'));
  // No channel: today's polling brings the next confirmation.
  confirmations = 4;
  await waitFor(() => expect(shown()).toBe('4 of 20 confirmations'));

  const stopFollowing = followLiveEvents();
  const connection = connectPageToLive(server);
  stop = () => (stopFollowing(), connection.stop());
  await server.authenticated(1);
  // Connected: the list re-renders without its poll.
  await act(async () => {
    server.send({ type: 'ready', lastId: 20 });
    await pause(200);
  });
  const readsWhileConnected = reads();
  await pause(500);
  expect(reads()).toBe(readsWhileConnected);

  confirmations = 5;
  server.send({ type: 'event', id: 21, topic: 'deposit', data: { id: 1, status: 'Pending', confirmations: 5, required: 20 } });
  await waitFor(() => expect(shown()).toBe('5 of 20 confirmations'));
  expect(reads()).toBe(readsWhileConnected + 1);
});
