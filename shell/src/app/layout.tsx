import { Outlet, useLocation } from 'react-router-dom';
import { AppTabBar, isTabPath } from './tab-bar';

/** Every screen's frame: the screen, and the tab bar under the tab landings. */
export function Layout() {
  const { pathname } = useLocation();
  const withTabs = isTabPath(pathname);
  return (
    <div className={withTabs ? 'app with-tabs' : 'app'}>
      <main className="app-main">
        <Outlet />
      </main>
      {withTabs && <AppTabBar />}
    </div>
  );
}
