import { staffRequest } from '@rigshare/api-client';
import type { StaffPath } from '@rigshare/api-schema';
import type { Page } from '@rigshare/domain';

const EXPORT_PAGE_SIZE = 100;

/** Every row of a staff list with the given filters, page after page (for the CSV export). */
export async function allPages<T>(path: StaffPath<'GET'>, filters: Record<string, unknown> = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await staffRequest<Page<T>>({ path, params: { ...filters, pageNum, pageSize: EXPORT_PAGE_SIZE } });
    rows.push(...page.list);
    if (page.list.length === 0 || rows.length >= page.total) return rows;
  }
}
