import { TabBar } from 'antd-mobile';
import { AppOutline, FireFill, ShopbagOutline, TeamOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '@rigshare/api-client';
import { useLocation, useNavigate } from 'react-router-dom';
import { TABS } from './shell-routes';

const ICONS = {
  home: <AppOutline />,
  community: <FireFill />,
  products: <ShopbagOutline />,
  team: <TeamOutline />,
  mine: <UserOutline />,
};

export function isTabPath(pathname: string): boolean {
  return TABS.some((tab) => tab.path === pathname);
}

/** "99+" above 99, as badges do. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function AppTabBar() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Messages open from Mine: its tab carries the unread count.
  const unread = useUnreadMessages();
  return (
    <nav className="app-tab-bar" aria-label={t('tabs.label')}>
      <TabBar activeKey={pathname} onChange={(key) => navigate(key)} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.path} icon={ICONS[tab.icon]} title={t(tab.key)} badge={tab.icon === 'mine' && unread ? unreadBadge(unread) : undefined} />
        ))}
      </TabBar>
    </nav>
  );
}
