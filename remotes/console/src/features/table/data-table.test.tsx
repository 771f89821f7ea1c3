/** @jest-environment jsdom */
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/console.json';
import { DataTable } from './data-table';

interface Row {
  id: number;
  phone: string;
}

const page = { list: [{ id: 1, phone: '9000000001' }], total: 1 };

/** A screen as the console's are written: its columns, with an action button per row, built anew on every render. */
function MembersLike() {
  const [opened, setOpened] = useState<number | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const columns: ColumnDef<Row, unknown>[] = [
    { accessorKey: 'phone', header: 'Member' },
    { id: 'actions', header: 'Actions', cell: ({ row }) => <button onClick={() => setOpened(row.original.id)}>Open {row.original.phone}</button> },
  ];
  return (
    <>
      <button onClick={() => setRefreshes(refreshes + 1)}>Refresh</button>
      <DataTable
        label="Members"
        testId="members"
        columns={columns}
        source={{ data: page, isError: false, refetch: () => undefined }}
        paging={{ query: { pageNum: 1, pageSize: 20 }, onPage: () => undefined }}
        empty="None"
      />
      <p data-testid="opened">{opened ?? 'none'}</p>
    </>
  );
}

describe('DataTable', () => {
  it("keeps a row's buttons when the screen renders again, so a click that spans a refetch still counts", async () => {
    await renderScreen(<MembersLike />, { namespace: 'console', resource: english });
    const open = screen.getByText('Open 9000000001');

    fireEvent.click(screen.getByText('Refresh'));

    // The same element: a remount between press and release would drop the click.
    expect(screen.getByText('Open 9000000001')).toBe(open);
    fireEvent.click(open);
    expect(screen.getByTestId('opened').textContent).toBe('1');
  });
});
