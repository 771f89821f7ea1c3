import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminRewardSetting } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { actionsColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { runAction } from '../layout/run-action';
import { When } from '../layout/when';
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
    actionsColumn(t('columns.actions'), (row) => (
      <Button size="mini" fill="outline" className="console-nowrap" onClick={() => setEditing(row)} data-testid={`reward-edit-${row.name}`}>
        {t('products.edit')}
      </Button>
    )),
  ];
  return (
    <>
      <p className="console-note">{t('catalogue.rewardsNote')}</p>
      {editing && (
        <SubmitForm
          key={editing.name}
          initialValues={{ value: editing.value, reason: '' }}
          onFinish={submit}
          submit={{ text: t('catalogue.saveReward'), busy: saving.isLoading }}
          cancel={{ text: t('actions.cancel'), onClick: () => setEditing(null) }}
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
        </SubmitForm>
      )}
      <ConsoleList label={t('catalogue.tabs.rewards')} name="rewards" columns={columns} useList={useRewardSettingsQuery} empty={t('catalogue.noRewards')} />
    </>
  );
}
