import { Suspense, use, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { WidgetSlot } from '@rigshare/contract';
import { findRoute, loadRemoteModule } from './remote-registry';
import { ScreenFrame, ScreenLoading } from './screen-frame';
import { AreaBoundary } from './area-boundary';
import { isTabPath } from './tab-bar';
import NotYetAvailableScreen from '../features/errors/not-yet-available-screen';

/**
 * Renders the screen a remote owns for the current path, loading the remote on first use. The
 * registry hands every render the same promise per remote (React keeps no memo for a component
 * that suspended before it mounted, so a promise made here would be new on every retry).
 */
function RemoteRouteContent({ remote }: { remote: string }) {
  const module = use(loadRemoteModule(remote));
  const { pathname } = useLocation();
  const { t } = useTranslation(module.namespace);
  const route = findRoute(module, pathname);
  // The frame commits while the screen's chunk loads (the inner Suspense), so the reads start now.
  useEffect(() => route?.prefetch?.(), [route]);
  if (!route) return <NotYetAvailableScreen />;
  const { Component } = route;
  return (
    <ScreenFrame title={route.titleKey ? t(route.titleKey) : undefined} depth={route.depth}>
      <Suspense fallback={<ScreenLoading />}>
        <Component />
      </Suspense>
    </ScreenFrame>
  );
}

/**
 * The frame a screen keeps when its remote fails to load: the header with the area's name and, below
 * a tab landing, the back button (the tab bar is the layout's). The screen's own title is in the remote.
 */
function FailedScreenFrame({ remote, children }: { remote: string; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <ScreenFrame title={t(`areas.${remote}`)} depth={isTabPath(pathname) ? 1 : 2}>
      {children}
    </ScreenFrame>
  );
}

export function RemoteScreen({ remote }: { remote: string }) {
  const { pathname } = useLocation();
  return (
    <AreaBoundary area={remote} key={pathname} frame={(notice) => <FailedScreenFrame remote={remote}>{notice}</FailedScreenFrame>}>
      <Suspense fallback={<ScreenLoading />}>
        <RemoteRouteContent remote={remote} />
      </Suspense>
    </AreaBoundary>
  );
}

function WidgetContent({ remote, slot }: { remote: string; slot: WidgetSlot }) {
  const module = use(loadRemoteModule(remote));
  const Widget = module.widgets?.[slot];
  return Widget ? <Widget /> : null;
}

/** A remote's widget inside a shell screen (e.g. the product list on the home page). */
export function RemoteWidget({ remote, slot }: { remote: string; slot: WidgetSlot }) {
  return (
    <AreaBoundary area={remote}>
      <Suspense fallback={<ScreenLoading />}>
        <WidgetContent remote={remote} slot={slot} />
      </Suspense>
    </AreaBoundary>
  );
}
