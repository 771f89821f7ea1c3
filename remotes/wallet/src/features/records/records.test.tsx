/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { RECORD_STATUSES, RECORD_TYPES, type WalletRecord, type Withdrawal } from '../../api/wallet';
import { rowOf } from '../../testing/field-error';
import { RecordItem } from './record-item';
import { WithdrawalItem } from './withdrawal-item';

it('has a translation for every record type and status', () => {
  expect(Object.keys(english.recordType).sort()).toEqual([...RECORD_TYPES].sort());
  expect(Object.keys(english.recordStatus).sort()).toEqual([...RECORD_STATUSES].sort());
});

it('shows a paid withdrawal with its fee, net, destination, status and copyable hash', async () => {
  const paid: Withdrawal = {
    id: 9,
    channel: 'USDT',
    amount: '100000000',
    fee: '5000000',
    net: '95000000',
    destination: '0x5290840009852...169EE7',
    status: 'Succeeded',
    createTime: '2026-03-01T10:00:00.000Z',
    decidedTime: '2026-03-02T10:00:00.000Z',
    txHash: '0xabc123',
    reference: null,
    reason: null,
  };
  await renderScreen(<WithdrawalItem withdrawal={paid} />, { namespace: 'wallet', resource: english, path: '/user/withrecord' });
  expect(screen.getByTestId('withdrawal-status').textContent).toBe('Succeeded');
  expect(rowOf('Amount')).toBe('Amount100.00 USDT');
  expect(rowOf(english.withrecord.fee)).toBe(`${english.withrecord.fee}5.00 USDT`);
  expect(rowOf(english.withdraw.netLabel)).toBe(`${english.withdraw.netLabel}95.00 USDT`);
  expect(screen.getByTestId('withdrawal-record').textContent).toContain('0xabc123');
});

it("shows a record's reference, the code a member quotes to support", async () => {
  const income: WalletRecord = {
    id: -41,
    type: 'Daily Income',
    amount: '2500000',
    fee: '0',
    net: '2500000',
    description: 'Daily income',
    time: '2026-03-01T10:00:00.000Z',
    status: 'Arrived',
    code: 'R41',
    txHash: null,
  };
  await renderScreen(<RecordItem record={income} />, { namespace: 'wallet', resource: english, path: '/user/record' });
  expect(screen.getByTestId('record-code').textContent).toBe('Reference R41');
});
