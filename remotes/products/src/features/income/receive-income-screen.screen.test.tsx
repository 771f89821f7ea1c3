/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MemberRecord } from '@rigshare/api-schema';
import { reachListEnds, renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/products.json';
import ReceiveIncomeScreen from './receive-income-screen';

/** The server's side: pending income that a takeout moves into a record of its own. */
let pending = '0';
let records: MemberRecord[] = [];
const record = (id: number, amount: string, type: MemberRecord['type'], status: MemberRecord['status']): MemberRecord => ({
  id,
  type,
  amount,
  fee: '0',
  net: amount,
  description: '',
  time: '2026-11-20T08:00:00.000Z',
  status,
  code: `T${id}`,
  txHash: null,
});

const api = startFakeApi(
  memberApi.get('receive', 'income/summary', () => ok({ pendingIncome: pending, delayedDays: 0, delayReason: null, todayTakeoutAvailable: pending !== '0', lastTakeout: null })),
  memberApi.get('receive', 'income/records', () => ok({ total: records.length, list: records })),
  memberApi.post('receive', 'income/takeout', () => {
    const takeout = record(902, pending, 'Daily Income', 'Processing');
    records = [takeout, ...records];
    pending = '0';
    return ok(takeout, 'Your income is on its way to your wallet');
  }),
);
reachListEnds();
beforeEach(() => {
  pending = '12345678';
  records = [record(901, '3000000', 'Bonus', 'Succeeded')];
});

const recordsShown = () => screen.queryAllByTestId('income-record').map((row) => `${row.querySelector('.products-row-title')?.textContent} ${row.querySelector('strong')?.textContent}`);

describe('receiving income', () => {
  it('moves the pending income to the wallet, says so, and shows the summary and records the server reads back', async () => {
    await renderScreen(<ReceiveIncomeScreen />, { namespace: 'products', resource: english, path: '/user/receiveincome' });
    expect((await screen.findByTestId('pending-income')).textContent).toBe('12.345678 USDT');
    await waitFor(() => expect(recordsShown()).toEqual(['Bonus +3.00 USDT']));

    await act(async () => fireEvent.click(screen.getByTestId('receive-income')));
    expect(await screen.findByText('Your income is on its way to your wallet')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pending-income').textContent).toBe('0.00 USDT'));
    await waitFor(() => expect(recordsShown()).toEqual(['Daily income +12.345678 USDT', 'Bonus +3.00 USDT']));
    const reads = api.sent.map(({ method, path }) => `${method} ${path}`);
    expect(reads.filter((call) => call === 'GET /api/receive/income/summary')).toHaveLength(2);
    expect(api.sent.find(({ method }) => method === 'POST')?.body).toEqual({ requestId: expect.stringMatching(/\S/) });
  });

  it("shows the server's refusal and leaves the pending income as it was", async () => {
    api.use(memberApi.post('receive', 'income/takeout', () => refused(400, 'No profit available to withdraw today')));
    await renderScreen(<ReceiveIncomeScreen />, { namespace: 'products', resource: english, path: '/user/receiveincome' });
    await screen.findByTestId('pending-income');
    await act(async () => fireEvent.click(screen.getByTestId('receive-income')));
    await waitFor(() => expect(api.toasts).toEqual(['No profit available to withdraw today']));
    expect(screen.getByTestId('pending-income').textContent).toBe('12.345678 USDT');
  });

  it('says there are no income records yet', async () => {
    records = [];
    await renderScreen(<ReceiveIncomeScreen />, { namespace: 'products', resource: english, path: '/user/receiveincome' });
    expect((await screen.findByTestId('page-empty')).textContent).toContain('No income records yet');
  });
});
