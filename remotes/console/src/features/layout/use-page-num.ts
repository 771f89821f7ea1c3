import { useSearchParams } from 'react-router-dom';

/** The page of a list in the URL (?page=N, per list name), so a reload or a shared link keeps it. */
export function usePageNum(list: string): [number, (pageNum: number) => void] {
  const [params, setParams] = useSearchParams();
  const key = `${list}Page`;
  const pageNum = Math.max(1, Number(params.get(key)) || 1);
  const setPageNum = (next: number) =>
    setParams(
      (current) => {
        current.set(key, String(next));
        return current;
      },
      { replace: true },
    );
  return [pageNum, setPageNum];
}

export const PAGE_SIZE = 20;
