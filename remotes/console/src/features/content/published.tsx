import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { runAction } from '../layout/run-action';
import { useUnpublishMutation, type ContentKind } from './api';

/** The last two columns of every content list: published or not, and the unpublish button. */
export function publishedColumns<T extends { id: number; active: boolean }>(kind: ContentKind): ColumnDef<T, unknown>[] {
  return [
    { id: 'active', accessorFn: (r) => (r.active ? 1 : 0), header: () => <PublishedHeader />, cell: ({ row }) => <PublishedTag active={row.original.active} /> },
    { id: 'actions', enableSorting: false, header: () => <ActionsHeader />, cell: ({ row }) => (row.original.active ? <UnpublishButton kind={kind} id={row.original.id} /> : null) },
  ];
}

function PublishedHeader() {
  return <>{useTranslation('console').t('content.state')}</>;
}

function ActionsHeader() {
  return <>{useTranslation('console').t('columns.actions')}</>;
}

function PublishedTag({ active }: { active: boolean }) {
  const { t } = useTranslation('console');
  return <Tag color={active ? 'success' : 'default'}>{active ? t('content.published') : t('content.unpublished')}</Tag>;
}

function UnpublishButton({ kind, id }: { kind: ContentKind; id: number }) {
  const { t } = useTranslation('console');
  const [unpublish, { isLoading }] = useUnpublishMutation();
  return (
    <Button size="mini" color="danger" fill="outline" loading={isLoading} onClick={() => void runAction(() => unpublish({ kind, id }).unwrap(), () => t('content.unpublishedDone', { id }))} data-testid={`${kind}-unpublish`}>
      {t('content.unpublish')}
    </Button>
  );
}
