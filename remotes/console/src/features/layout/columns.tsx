import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { When } from './when';

/** A column of times from the server, shown in the staff member's language; sorts by the ISO text, which sorts by time. */
export function timeColumn<T>(accessorKey: keyof T & string, header: string): ColumnDef<T, unknown> {
  return { accessorKey, header, cell: ({ getValue }) => <When at={getValue() as string} /> };
}

/** The column of buttons that act on a row; nothing to sort by. */
export function actionsColumn<T>(header: string, actions: (row: T) => ReactNode): ColumnDef<T, unknown> {
  return { id: 'actions', header, enableSorting: false, cell: ({ row }) => actions(row.original) };
}
