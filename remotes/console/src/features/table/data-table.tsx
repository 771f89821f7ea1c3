import { useState, type ReactNode } from 'react';
import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type ColumnDefTemplate, type SortingState } from '@tanstack/react-table';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Page } from '@rigshare/domain';
import { LoadFailed } from '@rigshare/ui';
import type { Paging } from '../layout/use-paging';
import { downloadCsv, type CsvColumn } from './csv';

export interface DataTableProps<T> {
  label: string;
  /** Headers and cells are render functions called in place, so no hooks in them: a cell that needs one returns a component's element. */
  columns: ColumnDef<T, unknown>[];
  /** The list's query result (RTK Query): the server's page of rows, undefined while the first load runs. */
  source: { data?: Page<T>; isError: boolean; error?: unknown; refetch: () => unknown };
  paging: Paging;
  empty: string;
  /** CSV export of every row the list's filter matches (not only this page). */
  csv?: { fileName: string; columns: CsvColumn<T>[]; rows: () => Promise<T[]> };
  testId: string;
}

/**
 * A column's header or cell, called as a render function. TanStack's flexRender mounts a function as a
 * component, and every screen builds its columns anew on each render: each cell was then a new component
 * type per render, so a refetch landing between a button's press and release remounted the button and
 * the click was lost (staff pressing "open" as a search result arrived got nothing).
 */
function renderTemplate<Context extends object>(template: ColumnDefTemplate<Context> | undefined, context: Context): ReactNode {
  return typeof template === 'function' ? (template(context) as ReactNode) : template;
}

/**
 * A staff list: the server pages it, the table sorts the page by any column (headers are buttons with
 * aria-sort), and the CSV button exports every matching row. TanStack Table is headless: the markup is ours.
 */
export function DataTable<T>({ label, columns, source, paging, empty, csv, testId }: DataTableProps<T>) {
  const page = source.data;
  const { pageNum, pageSize } = paging.query;
  const onPage = paging.onPage;
  const { t } = useTranslation('console');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [exporting, setExporting] = useState(false);
  const table = useReactTable({
    data: page?.list ?? [],
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  if (source.isError) return <LoadFailed title={t('table.loadError')} message={(source.error as { message?: string } | undefined)?.message} retry={() => void source.refetch()} />;
  if (!page) return <Skeleton.Paragraph lineCount={5} animated />;

  const pages = Math.max(1, Math.ceil(page.total / pageSize));
  const exportCsv = async () => {
    if (!csv) return;
    setExporting(true);
    try {
      downloadCsv(csv.fileName, csv.columns, await csv.rows());
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="console-table" data-testid={testId}>
      <div className="console-table__tools">
        <span>{t('table.total', { count: page.total })}</span>
        {csv && (
          <Button size="small" loading={exporting} disabled={page.total === 0} onClick={() => void exportCsv()} data-testid={`${testId}-csv`}>
            {t('table.csv')}
          </Button>
        )}
      </div>
      {page.list.length === 0 ? (
        <p className="console-table__empty">{empty}</p>
      ) : (
        <div className="console-table__scroll">
          <table aria-label={label}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                        {header.column.getCanSort() ? (
                          <button type="button" onClick={header.column.getToggleSortingHandler()}>
                            {renderTemplate(header.column.columnDef.header, header.getContext())}
                            <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                          </button>
                        ) : (
                          renderTemplate(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} data-testid={`${testId}-row`}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{renderTemplate(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="console-table__pager" aria-label={t('table.pages')}>
          <Button size="small" disabled={pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
            {t('table.previous')}
          </Button>
          <span>{t('table.pageOf', { page: pageNum, pages })}</span>
          <Button size="small" disabled={pageNum >= pages} onClick={() => onPage(pageNum + 1)}>
            {t('table.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
