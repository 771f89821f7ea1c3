/**
 * The page's one live connection (docs/architecture.md, "Live channel"), opened by the shell after
 * the app has started (bootstrap imports this module lazily) and shared with the remotes through
 * `live` of @rigshare/api-client. It signs in with the member's token and the staff session's, and
 * opens again with the new ones when either changes.
 */
import { Toast } from 'antd-mobile';
import { expireSession, invalidateOnLive, live, LiveConnection, refetchAllServerData, serverApi, UNREAD_MESSAGES_TAG } from '@rigshare/api-client';
import { ERROR_TOAST_MS } from '@rigshare/domain';
import { i18n } from '@rigshare/i18n';
import { staffLoggedOut, store, type RootState } from '@rigshare/session';

/** `/api/live` beside the API's service hosts: `http://api.example/api/user` -> `ws://api.example/api/live`. */
export function liveUrl(apiHosts: Record<string, string>, page: string): string {
  const url = new URL(`${(apiHosts.user ?? '/api/user').replace(/\/$/, '')}/../live`, page);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

const credentials = (state: RootState) => ({ token: state.session.token ?? null, staffToken: state.staff.session?.token ?? null });

/** Opens the channel; returns what closes it and stops following the session (the page never does; tests do). */
export function startLiveChannel(apiHosts: Record<string, string>): () => void {
  if (typeof window.WebSocket !== 'function') {
    // The seed's notice, only where the browser truly lacks the feature; the screens keep polling.
    Toast.show({ content: i18n.t('common:errors.noSocket'), duration: ERROR_TOAST_MS });
    return () => undefined;
  }
  const connection = new LiveConnection({
    url: liveUrl(apiHosts, location.href),
    credentials: () => credentials(store.getState()),
    onEvent: (event) => live.deliver(event),
    onConnectedChange: (connected) => live.setConnected(connected),
    onResync: refetchAllServerData,
    onSessionEnded: (reason) => {
      // A frozen member may still sign in and read (only buying, withdrawing and posting are refused): the
      // channel stops for them and the screens poll, but they stay signed in.
      if (reason === 'frozen') return;
      const { token, staffToken } = credentials(store.getState());
      if (staffToken) {
        store.dispatch(staffLoggedOut());
        if (!token) location.hash = '#/console/login';
      }
      // An expired session reads as the REST API's 401 says it (the same words, whichever tells first);
      // one ended by a logout or password change elsewhere says it ended.
      if (token) expireSession(i18n.t(reason === 'expired' ? 'common:errors.sessionExpired' : 'common:errors.sessionEnded'));
    },
  });
  const stopFollowing = invalidateOnLive(serverApi.util.invalidateTags, {
    // The badges (tab bar, header) are the shell's; the message list is the messages remote's.
    messages: [UNREAD_MESSAGES_TAG],
    // The balance shows on the shell's own screens (mine) as well as the remotes'.
    balance: ['Balance', 'Records'],
    solvency: ['Solvency'],
  });
  let signedInAs = JSON.stringify(credentials(store.getState()));
  const stopWatching = store.subscribe(() => {
    const now = JSON.stringify(credentials(store.getState()));
    if (now === signedInAs) return;
    signedInAs = now;
    connection.restart();
  });
  connection.start();
  return () => {
    stopWatching();
    stopFollowing();
    connection.stop();
  };
}
