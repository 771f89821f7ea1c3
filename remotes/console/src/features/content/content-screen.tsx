import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../layout/console-page';
import { useTab } from '../layout/use-tab';
import { CarouselTab } from './carousel-tab';
import { InviteMessageTab } from './invite-message-tab';
import { NewsTab } from './news-tab';
import { NoticesTab } from './notices-tab';
import { PostForMemberTab } from './post-for-member-tab';
import { PushTab } from './push-tab';
import { VideosTab } from './videos-tab';

const TABS = ['news', 'notices', 'carousel', 'videos', 'inviteMessage', 'push', 'forMember'] as const;

/** `/console/content`: what members read from staff, one tab per kind (the open tab is in the URL, ?tab=). */
export default function ContentScreen() {
  const { t } = useTranslation('console');
  const [tab, select] = useTab(TABS);
  return (
    <ConsolePage route="contentNews">
      <Tabs activeKey={tab} onChange={select}>
        {TABS.map((name) => (
          <Tabs.Tab key={name} title={t(`content.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'news' && <NewsTab />}
      {tab === 'notices' && <NoticesTab />}
      {tab === 'carousel' && <CarouselTab />}
      {tab === 'videos' && <VideosTab />}
      {tab === 'inviteMessage' && <InviteMessageTab />}
      {tab === 'push' && <PushTab />}
      {tab === 'forMember' && <PostForMemberTab />}
    </ConsolePage>
  );
}
