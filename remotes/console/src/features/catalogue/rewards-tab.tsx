import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminRewardSetting } from '@rigshare/api-schema';
import { runAction } from '../layout/run-action';
import { usePaging } from '../layout/use-paging';
import { When } from '../layout/when';
import { DataTable } from '../table/data-table';
import { useRewardSettingsQuery, useSetRewardSettingMutation } from './api';
import { amountRules, isAcceptedPercent, requiredRules } from '../layout/amount-rule';

interface RewardFields {
  value: string;
  reason: string;
}

const withUnit = (s: AdminRewardSetting) => `${s.value} ${s.kind === 'rate' ? '%' : 'USDT'}`;

/**
 * What members earn: the Referral Bonus and Team Benefits share per level (percent of the price or of the
 * daily income) and the fixed rewards (sign-in, registration, join-group, video). A change needs a reason,
 * counts from the next grant on, and is one audit row; the command line's rewards:set does the same.
 */
export function RewardsTab() {
  const { t } = useTranslation('console');
  const paging = usePaging('rewards');
  const list = useRewardSettingsQuery(paging.query);
  const [save, saving] = useSetRewardSettingMutation();
  const [editing, setEditing] = useState<AdminRewardSetting | null>(null);
  const submit = ({ value, reason }: RewardFields) =>
    runAction(
      () => save({ name: editing!.name, value: value.trim(), reason: reason.trim() }).unwrap(),
      (s) => (setEditing(null), t('catalogue.rewardSaved', { name: t(`catalogue.rewards.${s.name}`), value: withUnit(s) })),
    );
  const isRate = editing?.kind === 'rate';
  const columns: ColumnDef<AdminRewardSetting, unknown>[] = [
    { id: 'name', accessorFn: (s) => t(`catalogue.rewards.${s.name}`), header: t('columns.name') },
    { id: 'value', accessorFn: (s) => Number(s.value), header: t('catalogue.rewardValue'), cell: ({ row }) => <span className="console-nowrap">{withUnit(row.original)}</span> },
    {
      id: 'changed',
      accessorFn: (s) => s.updatedAt ?? '',
      header: t('catalogue.lastChange'),
      cell: ({ row }) => {
        const s = row.original;
        return s.updatedBy && s.updatedAt ? <>{t('catalogue.setBy', { login: s.updatedBy })} <When at={s.updatedAt} /></> : t('catalogue.seeded');
      },
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      enableSorting: false,
      cell: ({ row }) => (
        <Button size="mini" fill="outline" className="console-nowrap" onClick={() => setEditing(row.original)} data-testid={`reward-edit-${row.original.name}`}>
          {t('products.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <p className="console-note">{t('catalogue.rewardsNote')}</p>
      {editing && (
        <Form
          key={editing.name}
          initialValues={{ value: editing.value, reason: '' }}
          layout="vertical"
          onFinish={(values: RewardFields) => void submit(values)}
          footer={
            <div className="console-form-actions">
              <Button block type="submit" color="primary" loading={saving.isLoading}>
                {t('catalogue.saveReward')}
              </Button>
              <Button block onClick={() => setEditing(null)}>
                {t('actions.cancel')}
              </Button>
            </div>
          }
        >
          <Form.Item
            name="value"
            label={`${t(`catalogue.rewards.${editing.name}`)} (${isRate ? '%' : 'USDT'})`}
            help={t(isRate ? 'catalogue.rateHelp' : 'catalogue.rewardAmountHelp')}
            rules={isRate ? requiredRules(isAcceptedPercent, t('catalogue.rateHelp')) : amountRules(t('catalogue.rewardAmountHelp'), 'zeroAllowed')}
          >
            <Input inputMode="decimal" maxLength={16} data-testid="reward-value" />
          </Form.Item>
          <Form.Item name="reason" label={t('columns.reason')} rules={[{ required: true, whitespace: true, message: t('products.nameHelp') }]}>
            <Input maxLength={500} data-testid="reward-reason" />
          </Form.Item>
        </Form>
      )}
      <DataTable label={t('catalogue.tabs.rewards')} testId="rewards" columns={columns} source={list} paging={paging} empty={t('catalogue.noRewards')} />
    </>
  );
}
