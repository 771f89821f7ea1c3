import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AuditRow } from '@rigshare/api-schema';
import { useAuditQuery } from '../../api/endpoints';
import { timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage } from '../layout/console-page';
import { FilterField, FilterForm } from '../layout/filter-form';
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
      <FilterForm apply={(fields) => setFilters(filtersOf(fields))} paging={paging} button={t('audit.apply')} testId="audit-filters">
        <FilterField label={t('audit.staff')} name="staff" autoComplete="off" />
        <FilterField label={t('audit.action')} name="action" autoComplete="off" placeholder="withdrawal.approve" />
        <FilterField label={t('audit.member')} name="member" inputMode="numeric" autoComplete="off" />
        <FilterField label={t('audit.from')} name="from" type="date" />
        <FilterField label={t('audit.to')} name="to" type="date" />
      </FilterForm>
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
