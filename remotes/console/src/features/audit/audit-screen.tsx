import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AuditRow } from '@rigshare/api-schema';
import { useAuditQuery } from '../../api/endpoints';
import { timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage } from '../layout/console-page';
import { usePaging } from '../layout/use-paging';
import { allPages } from '../table/all-pages';

interface Filters {
  staff?: string;
  action?: string;
  member?: number;
  from?: string;
  to?: string;
}

/** The filter form's fields as the API's query: empty fields left out, days as ISO times (to: the day after). */
function filtersOf(form: FormData): Filters {
  const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
  const day = (name: string, plusDays = 0) => {
    const value = text(name);
    if (!value) return undefined;
    const at = new Date(`${value}T00:00:00`);
    at.setDate(at.getDate() + plusDays);
    return at.toISOString();
  };
  const member = Number(text('member'));
  return { staff: text('staff'), action: text('action'), member: Number.isInteger(member) && member > 0 ? member : undefined, from: day('from'), to: day('to', 1) };
}

const COLUMNS_CSV: { header: string; value: (r: AuditRow) => string | number | null }[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'at', value: (r) => r.at },
  { header: 'staff', value: (r) => r.staff },
  { header: 'role', value: (r) => r.role },
  { header: 'action', value: (r) => r.action },
  { header: 'target', value: (r) => r.target },
  { header: 'member', value: (r) => r.member },
  { header: 'before', value: (r) => r.before },
  { header: 'after', value: (r) => r.after },
  { header: 'reason', value: (r) => r.reason },
  { header: 'details', value: (r) => r.details },
  { header: 'source_address', value: (r) => r.sourceAddress },
];

/** `/console/audit`: every staff action, newest first; filter by staff, action, member and days; export CSV. */
export default function AuditScreen() {
  const { t } = useTranslation('console');
  const paging = usePaging('audit');
  const [filters, setFilters] = useState<Filters>({});
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters(filtersOf(new FormData(event.currentTarget)));
    paging.onPage(1);
  };
  const auditState = (value: string | null) => (value ? t(`audit.states.${value}`, { defaultValue: value }) : null);
  const columns: ColumnDef<AuditRow, unknown>[] = [
    timeColumn('at', t('columns.time')),
    { accessorKey: 'staff', header: t('columns.staff') },
    { accessorKey: 'role', header: t('columns.role'), cell: ({ row }) => (row.original.role ? t(`roles.${row.original.role}`, { defaultValue: row.original.role }) : null) },
    { accessorKey: 'action', header: t('columns.action') },
    { accessorKey: 'target', header: t('columns.target') },
    // A state (Pending, Passed...) in the reader's language; a recorded description stays as written.
    { accessorKey: 'before', header: t('columns.before'), cell: ({ row }) => auditState(row.original.before) },
    { accessorKey: 'after', header: t('columns.after'), cell: ({ row }) => auditState(row.original.after) },
    { accessorKey: 'reason', header: t('columns.reason') },
    { accessorKey: 'sourceAddress', header: t('columns.source') },
  ];
  return (
    <ConsolePage route="audit">
      <form className="console-filters" onSubmit={apply} data-testid="audit-filters">
        <label>
          {t('audit.staff')}
          <input name="staff" autoComplete="off" />
        </label>
        <label>
          {t('audit.action')}
          <input name="action" autoComplete="off" placeholder="withdrawal.approve" />
        </label>
        <label>
          {t('audit.member')}
          <input name="member" inputMode="numeric" autoComplete="off" />
        </label>
        <label>
          {t('audit.from')}
          <input name="from" type="date" />
        </label>
        <label>
          {t('audit.to')}
          <input name="to" type="date" />
        </label>
        <Button type="submit" size="small" color="primary">
          {t('audit.apply')}
        </Button>
      </form>
      <ConsoleList
        label={t('nav.audit')}
        name="audit"
        columns={columns}
        useList={useAuditQuery}
        filters={filters}
        paging={paging}
        empty={t('audit.empty')}
        csv={{ fileName: 'audit-log.csv', rows: () => allPages<AuditRow>('/audit', { ...filters }), columns: COLUMNS_CSV }}
      />
    </ConsolePage>
  );
}
