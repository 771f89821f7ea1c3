import { Provider } from 'react-redux';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { store } from '@rigshare/session';
import { AuthGuard } from './auth-guard';
import { StaffGuard } from './staff-guard';
import { CloseDialogsOnNavigation } from './close-dialogs-on-navigation';
import { AreaBoundary } from './area-boundary';
import { Layout } from './layout';
import { RemoteScreen } from './remote-screen';
import { ScreenFrame } from './screen-frame';
import { SHELL_ROUTES, type ShellRoute } from './shell-routes';
import { remoteEntries } from './remote-registry';
import { SessionEffects } from './session-effects';
import { UiKitLocale } from './ui-kit-locale';
import NotFoundScreen from '../features/errors/not-found-screen';

function ShellScreen({ route }: { route: ShellRoute }) {
  const { t } = useTranslation('shell');
  const { Component } = route;
  return (
    <AreaBoundary area="shell">
      <ScreenFrame title={route.titleKey ? t(route.titleKey) : undefined} depth={route.depth}>
        <Component />
      </ScreenFrame>
    </AreaBoundary>
  );
}

export function App() {
  return (
    <Provider store={store}>
      <UiKitLocale>
        <HashRouter>
          <SessionEffects />
          <CloseDialogsOnNavigation />
          <Routes>
            <Route element={<Layout />}>
              <Route path="/" element={<Navigate to="/index" replace />} />
              {SHELL_ROUTES.map((route) => (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <AuthGuard open={route.open}>
                      <ShellScreen route={route} />
                    </AuthGuard>
                  }
                />
              ))}
              {remoteEntries().flatMap((remote) =>
                remote.paths.map((path) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      remote.audience === 'staff' ? (
                        <StaffGuard>
                          <RemoteScreen remote={remote.name} />
                        </StaffGuard>
                      ) : (
                        <AuthGuard>
                          <RemoteScreen remote={remote.name} />
                        </AuthGuard>
                      )
                    }
                  />
                )),
              )}
              <Route path="*" element={<NotFoundScreen />} />
            </Route>
          </Routes>
        </HashRouter>
      </UiKitLocale>
    </Provider>
  );
}
