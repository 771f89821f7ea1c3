import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../layout/console-page';
import { useTab } from '../layout/use-tab';
import { ChannelsTab } from './channels-tab';
import { CouponsTab } from './coupons-tab';
import { LinksTab } from './links-tab';
import { ReleasesTab } from './releases-tab';
import { RewardsTab } from './rewards-tab';

const TABS = ['coupons', 'channels', 'releases', 'links', 'rewards'] as const;

/** `/console/catalogue`: coupons, recharge channels, app releases, links and reward settings (the open tab in ?tab=); the admin's. */
export default function CatalogueScreen() {
  const { t } = useTranslation('console');
  const [tab, select] = useTab(TABS);
  return (
    <ConsolePage route="coupons">
      <Tabs activeKey={tab} onChange={select}>
        {TABS.map((name) => (
          <Tabs.Tab key={name} title={t(`catalogue.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'coupons' && <CouponsTab />}
      {tab === 'channels' && <ChannelsTab />}
      {tab === 'releases' && <ReleasesTab />}
      {tab === 'links' && <LinksTab />}
      {tab === 'rewards' && <RewardsTab />}
    </ConsolePage>
  );
}
