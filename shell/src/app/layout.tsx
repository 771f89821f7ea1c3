import { Outlet, useLocation } from 'react-router-dom';
import { isStaffPath } from './remote-registry';
import { AppTabBar, isTabPath } from './tab-bar';

/**
 * Every screen's frame: the screen, and the tab bar under the tab landings. Members' screens keep a
 * phone's width on any screen; the staff console, a desk tool with tables, takes a desktop's.
 */
export function Layout() {
  const { pathname } = useLocation();
  const withTabs = isTabPath(pathname);
  const className = ['app', withTabs && 'with-tabs', isStaffPath(pathname) && 'app--wide'].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <main className="app-main">
        <Outlet />
      </main>
      {withTabs && <AppTabBar />}
    </div>
  );
}
