import { useState } from 'react';
import { money } from '@rigshare/i18n';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminProduct } from '@rigshare/api-schema';
import { askText } from '../layout/ask-text';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage } from '../layout/console-page';
import { runAction } from '../layout/run-action';
import { useCloseProductMutation, useStaffProductsQuery } from './api';
import { ProductForm } from './product-form';


/**
 * `/console/products`: the machines on offer. A product nobody holds can be edited; once a unit is sold its
 * terms are locked and it can only be closed (its sale ends, members no longer see it, orders run on).
 */
export default function ProductsScreen() {
  const { t } = useTranslation('console');
  const [close] = useCloseProductMutation();
  const [editing, setEditing] = useState<AdminProduct | null>(null);

  const closeOne = async (p: AdminProduct) => {
    const reason = await askText({ title: t('products.closeTitle', { name: p.name }), label: t('actions.reason'), confirm: t('products.close'), cancel: t('actions.cancel') });
    if (reason) await runAction(() => close({ id: p.id, reason }).unwrap(), (c) => t('products.closed', { name: c.name }));
  };
  const state = (p: AdminProduct) =>
    p.closedAt ? <Tag color="default">{t('products.stateClosed')}</Tag> : p.locked ? <Tag color="warning">{t('products.stateLocked')}</Tag> : <Tag color="success">{t('products.stateOpen')}</Tag>;
  const columns: ColumnDef<AdminProduct, unknown>[] = [
    { accessorKey: 'id', header: '#' },
    { accessorKey: 'name', header: t('products.name') },
    { id: 'price', accessorFn: (p) => Number(p.price), header: t('products.price'), cell: ({ row }) => money(row.original.price) },
    { id: 'dayReturn', accessorFn: (p) => Number(p.dayReturn), header: t('products.dayReturn'), cell: ({ row }) => money(row.original.dayReturn) },
    { accessorKey: 'validDays', header: t('products.validDays') },
    { id: 'sold', accessorFn: (p) => p.unitsSold, header: t('products.sold'), cell: ({ row }) => `${row.original.unitsSold} / ${row.original.unitsOffered}` },
    timeColumn('endTime', t('products.end')),
    { id: 'state', accessorFn: (p) => (p.closedAt ? 2 : p.locked ? 1 : 0), header: t('members.state'), cell: ({ row }) => state(row.original) },
    actionsColumn(t('columns.actions'), (row) =>
      !row.closedAt && (
        <div className="console-row-actions">
          {!row.locked && (
            <Button size="mini" fill="outline" onClick={() => setEditing(row)} data-testid={`product-edit-${row.id}`}>
              {t('products.edit')}
            </Button>
          )}
          <Button size="mini" color="danger" fill="outline" onClick={() => void closeOne(row)} data-testid={`product-close-${row.id}`}>
            {t('products.close')}
          </Button>
        </div>
      ),
    ),
  ];
  return (
    <ConsolePage route="products">
      <h2 className="console-section-title">{editing ? t('products.editing', { name: editing.name }) : t('products.new')}</h2>
      <ProductForm editing={editing} onDone={() => setEditing(null)} />
      <ConsoleList label={t('titles.products')} name="products" columns={columns} useList={useStaffProductsQuery} empty={t('products.none')} />
    </ConsolePage>
  );
}
