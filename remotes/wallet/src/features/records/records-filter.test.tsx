/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/wallet.json';
import { FilteredEmpty } from './list-filters';
import { monthFilterOf, monthLabel, RecordsFilter } from './records-filter';
import { RECORD_KINDS, typeFilterOf } from './records-screen';

const KINDS = [
  { value: 'Recharge', label: 'Recharge' },
  { value: 'Withdrawal', label: 'Withdrawal' },
];

async function renderFilter(month: string | null, kind: string | null = null) {
  const onKind = jest.fn();
  const onMonth = jest.fn();
  await renderScreen(<RecordsFilter kinds={KINDS} kind={kind} month={month} onKind={onKind} onMonth={onMonth} />, {
    namespace: 'wallet',
    resource: english,
    path: '/user/record',
  });
  return { onKind, onMonth };
}

/** Taps a title of the filter bar, which opens its drop-down. */
async function openDropdown(title: string) {
  await act(async () => fireEvent.click(screen.getByText(title, { selector: '.adm-dropdown-item-title-text' })));
}

async function tap(text: string) {
  await act(async () => fireEvent.click(screen.getAllByText(text).at(-1)!));
}

it('reads the kind from the address: a number of the contract (5 = Daily Income) or a type the ledger writes', () => {
  expect(typeFilterOf('5')).toBe('Daily Income');
  expect(typeFilterOf('Referral Bonus')).toBe('Referral Bonus');
  expect(typeFilterOf('Random Bonus')).toBeNull();
  expect(RECORD_KINDS).not.toContain('Random Bonus');
  for (const unknown of ['42', 'abc', null]) expect(typeFilterOf(unknown)).toBeNull();
});

it('reads a YYYY-MM month from the address and names it in the member\'s language', () => {
  expect(monthFilterOf('2026-11')).toBe('2026-11');
  for (const bad of ['2026-13', '2026-1', 'November', null]) expect(monthFilterOf(bad)).toBeNull();
  expect(monthLabel('2026-11', 'en-US')).toBe('November 2026');
  expect(monthLabel('2026-03', 'de-DE')).toBe('März 2026');
  expect(monthLabel('2026-11', 'ta-IN')).toContain('நவம்பர்');
});

it('clears a picked kind with "All kinds"', async () => {
  const { onKind } = await renderFilter(null, 'Recharge');
  await openDropdown('Recharge');
  await tap(english.records.allKinds);
  expect(onKind).toHaveBeenLastCalledWith(null);
});

it('picks a kind from the drop-down; the checked one tapped again keeps the filter', async () => {
  const { onKind } = await renderFilter(null);
  await openDropdown(english.records.allKinds);
  await tap('Withdrawal');
  expect(onKind).toHaveBeenLastCalledWith('Withdrawal');
  await openDropdown(english.records.allKinds);
  await tap(english.records.allKinds);
  expect(onKind).toHaveBeenCalledTimes(1);
});

it('opens the year | month picker from the period drop-down and takes the confirmed month', async () => {
  const { onMonth } = await renderFilter(null);
  await openDropdown(english.records.allTime);
  await tap(english.records.chooseMonth);
  // The picker: two columns (year, month by name), confirm and cancel.
  expect(document.querySelectorAll('.adm-picker-view-column')).toHaveLength(2);
  expect(screen.getAllByText('November').length).toBeGreaterThan(0);
  await tap('Confirm');
  const now = new Date();
  expect(onMonth).toHaveBeenLastCalledWith(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`);
});

it('goes back to all time from a picked month, and a cancelled picker changes nothing', async () => {
  const { onMonth } = await renderFilter('2026-11');
  await openDropdown('November 2026');
  await tap(english.records.allTime);
  expect(onMonth).toHaveBeenLastCalledWith(null);
  await openDropdown('November 2026');
  await tap('November 2026');
  await tap('Cancel');
  expect(onMonth).toHaveBeenCalledTimes(1);
});

it('says which filter left a list empty', async () => {
  await renderScreen(<FilteredEmpty list="records" kind="Withdrawal" month="2026-11" />, { namespace: 'wallet', resource: english, path: '/user/record' });
  expect(screen.getByTestId('page-empty').textContent).toBe('No records in November 2026Withdrawal');
});

it('says a kind alone left the withdrawal list empty', async () => {
  await renderScreen(<FilteredEmpty list="withrecord" kind="Bank withdrawal" month={null} />, { namespace: 'wallet', resource: english, path: '/user/withrecord' });
  expect(screen.getByTestId('page-empty').textContent).toBe(english.withrecord.emptyKind);
});
