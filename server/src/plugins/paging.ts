import { DEFAULT_PAGE_SIZE } from '@rigshare/domain';

const MAX_PAGE_SIZE = 100;

/** pageNum from 1, pageSize 1..100; missing or malformed values fall back to the first page of 10. */
export function paging(query: unknown): { pageNum: number; pageSize: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const num = Number(q.pageNum);
  const size = Number(q.pageSize);
  return {
    pageNum: Number.isInteger(num) && num >= 1 ? num : 1,
    pageSize: Number.isInteger(size) && size >= 1 ? Math.min(size, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE,
  };
}
