import { useState } from 'react';
import { usdt } from '@rigshare/i18n';
import { Button, Card, List, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { formatAmount } from '@rigshare/domain';
import type { AdminMember, AdminMemberRow } from '@rigshare/api-schema';
import { LoadFailed } from '@rigshare/ui';
import { askText } from '../layout/ask-text';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage, useStaffRole } from '../layout/console-page';
import { FilterField, FilterForm } from '../layout/filter-form';
import { runAction } from '../layout/run-action';
import { usePaging } from '../layout/use-paging';
import { When } from '../layout/when';
import { allPages } from '../table/all-pages';
import { staffMay } from '@rigshare/api-schema';
import { useFreezeMemberMutation, useMemberQuery, useMembersQuery, useUnfreezeMemberMutation } from './api';


/** `/console/members`: find a member by id or phone; the one opened (?member=ID) shows below with freeze / unfreeze. */
export default function MembersScreen() {
  const { t } = useTranslation('console');
  const paging = usePaging('members');
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const opened = Number(params.get('member')) || null;

  const open = (id: number) =>
    setParams(
      (current) => {
        current.set('member', String(id));
        return current;
      },
      { replace: true },
    );

  const columns: ColumnDef<AdminMemberRow, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'phone', header: t('columns.member') },
    { accessorKey: 'name', header: t('columns.name') },
    { id: 'available', accessorFn: (r) => Number(r.available), header: t('members.available'), cell: ({ row }) => usdt(row.original.available) },
    { id: 'frozen', accessorFn: (r) => (r.frozenAt ? 1 : 0), header: t('members.state'), cell: ({ row }) => <FrozenTag frozen={row.original.frozenAt !== null} /> },
    timeColumn('createdAt', t('members.joined')),
    actionsColumn(t('columns.actions'), (row) => (
      <Button size="mini" onClick={() => open(row.id)} data-testid="member-open">
        {t('members.open')}
      </Button>
    )),
  ];

  return (
    <ConsolePage route="members">
      <FilterForm apply={(fields) => setQ(String(fields.get('q') ?? '').trim())} paging={paging} button={t('members.find')} testId="members-search">
        <FilterField label={t('members.search')} name="q" defaultValue={q} inputMode="numeric" autoComplete="off" maxLength={20} />
      </FilterForm>
      <ConsoleList
        label={t('nav.members')}
        name="members"
        columns={columns}
        useList={useMembersQuery}
        filters={q ? { q } : {}}
        paging={paging}
        empty={t('members.empty')}
        csv={{
          fileName: 'members.csv',
          rows: () => allPages<AdminMemberRow>('/members', q ? { q } : {}),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'phone', value: (r) => r.phone },
            { header: 'name', value: (r) => r.name },
            { header: 'available_usdt', value: (r) => formatAmount(BigInt(r.available)) },
            { header: 'frozen_at', value: (r) => r.frozenAt ?? '' },
            { header: 'created_at', value: (r) => r.createdAt },
          ],
        }}
      />
      {opened && <MemberDetail id={opened} />}
    </ConsolePage>
  );
}

function FrozenTag({ frozen }: { frozen: boolean }) {
  const { t } = useTranslation('console');
  return <Tag color={frozen ? 'danger' : 'success'}>{frozen ? t('members.frozen') : t('members.active')}</Tag>;
}

/** One member: balances, team, orders and the latest records; freeze or unfreeze with a reason. */
function MemberDetail({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const member = useMemberQuery(id);
  if (member.isError) return <LoadFailed title={t('table.loadError')} message={(member.error as { message?: string }).message} retry={() => void member.refetch()} />;
  if (!member.data) return <Skeleton.Paragraph lineCount={6} animated />;
  const m = member.data;
  return (
    <Card title={t('members.detailTitle', { id: m.id, phone: m.phone })} className="console-member" data-testid="member-detail">
      <p>
        <FrozenTag frozen={m.frozenAt !== null} /> {m.frozenAt && <span data-testid="member-frozen-reason">{t('members.frozenSince', { reason: m.frozenReason ?? '' })} <When at={m.frozenAt} /></span>}
      </p>
      <FreezeButton member={m} />
      <List header={t('members.balances')}>
        <List.Item extra={usdt(m.balances.available)}>{t('members.available')}</List.Item>
        <List.Item extra={usdt(m.balances.held)}>{t('members.held')}</List.Item>
        <List.Item extra={usdt(m.balances.pendingIncome)}>{t('members.pendingIncome')}</List.Item>
        <List.Item extra={`${m.team.A} / ${m.team.B} / ${m.team.C}`}>{t('members.team')}</List.Item>
      </List>
      <List header={t('members.contact')}>
        <List.Item extra={<span className="console-break" data-testid="member-email">{m.email ?? t('members.noEmail')}</span>}>{t('members.email')}</List.Item>
      </List>
      <List header={t('members.orders', { count: m.orders.total })}>
        {m.orders.recent.map((o) => (
          <List.Item key={o.id} description={<When at={o.createdAt} />} extra={usdt(o.amount)}>
            {`#${o.id} ${o.product} × ${o.quantity} · ${o.status}`}
          </List.Item>
        ))}
      </List>
      <List header={t('members.records')}>
        {m.records.map((r) => (
          <List.Item key={r.id} description={<When at={r.at} />} extra={usdt(r.amount)}>
            {t(`ledgerTypes.${r.type}`, { defaultValue: r.type })}
            {/* The ledger's description code only where it says more than the type (free_first_day under Bonus). */}
            {r.description && r.description.replace(/_/g, ' ') !== r.type.toLowerCase() && <span className="console-note"> · {r.description}</span>}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

function FreezeButton({ member }: { member: AdminMember }) {
  const { t } = useTranslation('console');
  const role = useStaffRole();
  const [freeze] = useFreezeMemberMutation();
  const [unfreeze] = useUnfreezeMemberMutation();
  const frozen = member.frozenAt !== null;
  if (!role || !staffMay(role, frozen ? 'memberUnfreeze' : 'memberFreeze')) return null;
  const act = async () => {
    const reason = await askText({
      title: t(frozen ? 'members.unfreezeTitle' : 'members.freezeTitle', { id: member.id }),
      label: t(frozen ? 'actions.reason' : 'members.reasonForMember'),
      confirm: t(frozen ? 'members.unfreeze' : 'members.freeze'),
      cancel: t('actions.cancel'),
    });
    if (!reason) return;
    await runAction(
      () => (frozen ? unfreeze : freeze)({ id: member.id, reason }).unwrap(),
      () => t(frozen ? 'members.unfrozen' : 'members.frozenDone', { id: member.id }),
    );
  };
  return (
    <Button size="small" color={frozen ? 'primary' : 'danger'} fill="outline" onClick={() => void act()} data-testid="member-freeze">
      {t(frozen ? 'members.unfreeze' : 'members.freeze')}
    </Button>
  );
}
