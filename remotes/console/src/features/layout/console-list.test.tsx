/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Page } from '@rigshare/domain';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/console.json';
import { useState } from 'react';
import { ConsoleList } from './console-list';
import { FilterField, FilterForm } from './filter-form';
import { usePaging } from './use-paging';

interface Row {
  id: number;
  phone: string;
}

const columns: ColumnDef<Row, unknown>[] = [{ accessorKey: 'phone', header: 'Member' }];

/** A server of 45 members, 20 a page, that records what each page request asked for. */
function membersServer() {
  const asked: Record<string, unknown>[] = [];
  const useList = (query: { q?: string; pageNum: number; pageSize: number }) => {
    asked.push(query);
    const all = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, phone: `90000000${String(i + 1).padStart(2, '0')}` }));
    const data: Page<Row> = { list: all.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize), total: all.length };
    return { data, isError: false, refetch: () => undefined };
  };
  return { asked, useList };
}

describe('ConsoleList', () => {
  it('asks for the page the URL names with the filters, shows its rows, and turns the page', async () => {
    const server = membersServer();
    await renderScreen(<ConsoleList name="members" label="Members" columns={columns} useList={server.useList} filters={{ q: '9' }} empty="None" />, {
      namespace: 'console',
      resource: english,
      path: '/console/members?membersPage=2',
    });
    expect(server.asked.at(-1)).toEqual({ q: '9', pageNum: 2, pageSize: 20 });
    expect(screen.getAllByTestId('members-row').map((row) => row.textContent)).toEqual(Array.from({ length: 20 }, (_, i) => `90000000${i + 21}`));

    // The table resets its own page index in a microtask; let it settle inside act.
    await act(async () => {
      fireEvent.click(screen.getByText(english.table.next));
    });

    expect(server.asked.at(-1)).toEqual({ q: '9', pageNum: 3, pageSize: 20 });
    expect(screen.getAllByTestId('members-row').map((row) => row.textContent)).toEqual(['9000000041', '9000000042', '9000000043', '9000000044', '9000000045']);
  });

  it('names its rows by the test id given when it differs from the page key', async () => {
    const server = membersServer();
    await renderScreen(<ConsoleList name="usdt" testId="usdt-deposits" label="Deposits" columns={columns} useList={server.useList} empty="None" />, { namespace: 'console', resource: english });
    expect(server.asked.at(-1)).toEqual({ pageNum: 1, pageSize: 20 });
    expect(screen.getAllByTestId('usdt-deposits-row')).toHaveLength(20);
  });
});

/** A member search above the list, as /console/members has it. */
function SearchedMembers({ useList }: { useList: ReturnType<typeof membersServer>['useList'] }) {
  const paging = usePaging('members');
  const [q, setQ] = useState('');
  return (
    <>
      <FilterForm apply={(fields) => setQ(String(fields.get('q') ?? '').trim())} paging={paging} button="Find" testId="members-search">
        <FilterField label="Phone or id" name="q" />
      </FilterForm>
      <ConsoleList name="members" label="Members" columns={columns} useList={useList} filters={q ? { q } : {}} paging={paging} empty="None" />
    </>
  );
}

describe('FilterForm', () => {
  it('applies its fields to the list and turns the list back to its first page', async () => {
    const server = membersServer();
    await renderScreen(<SearchedMembers useList={server.useList} />, { namespace: 'console', resource: english, path: '/console/members?membersPage=3' });
    expect(server.asked.at(-1)).toEqual({ pageNum: 3, pageSize: 20 });

    fireEvent.change(screen.getByLabelText('Phone or id'), { target: { value: ' 90000000 ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    });

    expect(server.asked.at(-1)).toEqual({ q: '90000000', pageNum: 1, pageSize: 20 });
    expect(screen.getByRole('search')).toBe(screen.getByTestId('members-search'));
  });
});
