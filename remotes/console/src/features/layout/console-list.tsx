import { DataTable, type DataTableProps } from '../table/data-table';
import { usePaging, type Paging } from './use-paging';

export interface ConsoleListProps<T, Filters extends object> extends Omit<DataTableProps<T>, 'source' | 'paging' | 'testId'> {
  /** The list's name: its page in the URL (?<name>Page=N) and, unless `testId` says otherwise, its test id. */
  name: string;
  testId?: string;
  /** The list's query hook (RTK Query), asked for the filters and the page showing. */
  useList: (query: Filters & Paging['query']) => DataTableProps<T>['source'];
  filters?: Filters;
  /** The screen's own paging, when its filter form turns back to page 1; otherwise the list keeps its page itself. */
  paging?: Paging;
}

/** A console list screen's list: it keeps its page in the URL, asks the server for that page and shows it in the data table. */
export function ConsoleList<T, Filters extends object = object>({ name, testId = name, useList, filters, paging, ...table }: ConsoleListProps<T, Filters>) {
  const ownPaging = usePaging(name);
  const shown = paging ?? ownPaging;
  const source = useList({ ...(filters as Filters), ...shown.query });
  return <DataTable testId={testId} source={source} paging={shown} {...table} />;
}
