import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../layout/console-page';
import { useTab } from '../layout/use-tab';
import { AdjustTab } from './adjust-tab';
import { CodesTab } from './codes-tab';
import { FundTab } from './fund-tab';
import { TransfersTab } from './transfers-tab';

const TABS = ['fund', 'adjust', 'codes', 'transfers'] as const;

/** `/console/money`: funding, adjustments, exchange codes and the transfers staff made (the open tab in ?tab=). */
export default function MoneyScreen() {
  const { t } = useTranslation('console');
  const [tab, select] = useTab(TABS);
  return (
    <ConsolePage route="moneyAdjust">
      <Tabs activeKey={tab} onChange={select}>
        {TABS.map((name) => (
          <Tabs.Tab key={name} title={t(`money.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'fund' && <FundTab />}
      {tab === 'adjust' && <AdjustTab />}
      {tab === 'codes' && <CodesTab />}
      {tab === 'transfers' && <TransfersTab />}
    </ConsolePage>
  );
}
