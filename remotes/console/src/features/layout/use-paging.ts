import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZE = 20;

/** Which page of a server-paged list is showing: what its query asks for and how the table turns the page. */
export interface Paging {
  query: { pageNum: number; pageSize: number };
  onPage: (pageNum: number) => void;
}

/** The page of a list in the URL (?<list>Page=N), so a reload or a shared link keeps it. */
export function usePaging(list: string): Paging {
  const [params, setParams] = useSearchParams();
  const key = `${list}Page`;
  const pageNum = Math.max(1, Number(params.get(key)) || 1);
  const onPage = (next: number) =>
    setParams(
      (current) => {
        current.set(key, String(next));
        return current;
      },
      { replace: true },
    );
  return { query: { pageNum, pageSize: PAGE_SIZE }, onPage };
}
