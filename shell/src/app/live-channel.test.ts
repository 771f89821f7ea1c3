/** @jest-environment jest-fixed-jsdom */
import { LIVE_CLOSE } from '@rigshare/domain';
import { installServerApi, live, setApiNotifier } from '@rigshare/api-client';
import { startLiveServer, type LiveTestServer } from '@rigshare/api-client/testing/live-server';
import { initI18n } from '@rigshare/i18n';
import { loggedIn, loggedOut, staffLoggedIn, staffLoggedOut, store } from '@rigshare/session';
import { liveUrl, startLiveChannel } from './live-channel';

const member = { userId: '1', headUrl: null, phone: '9000000001', name: 'A', shareCode: '', createTime: '', invitateCode: 'X', markHeadbgUrl: null, markText: null, timezoneType: 0 };
const until = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error(`waited 5 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

it('opens the live channel beside the API: ws for http, wss for https, the page\'s origin for same-origin hosts', () => {
  expect(liveUrl({ user: 'http://localhost:3100/api/user' }, 'http://localhost:3000/')).toBe('ws://localhost:3100/api/live');
  expect(liveUrl({ user: 'https://api.rigshare.example/api/user/' }, 'https://rigshare.example/')).toBe('wss://api.rigshare.example/api/live');
  expect(liveUrl({ user: '/api/user' }, 'https://rigshare.example/#/index')).toBe('wss://rigshare.example/api/live');
});

describe('the page\'s live channel', () => {
  let server: LiveTestServer;
  let stop: () => void;
  /** What the member was told, as the toast shows it. */
  const shown: string[] = [];
  beforeAll(async () => {
    await initI18n('en-US');
    installServerApi();
    setApiNotifier({ showLoading() {}, hideLoading() {}, showError: (message) => void shown.push(message) });
  });
  beforeEach(async () => {
    server = await startLiveServer();
    store.dispatch(loggedIn({ token: 'member-token', data: member }));
    stop = startLiveChannel({ user: server.url.replace(/^ws/, 'http').replace(/live$/, 'user') });
    await server.authenticated(1);
  });
  afterEach(async () => {
    stop();
    store.dispatch(loggedOut());
    store.dispatch(staffLoggedOut());
    await server.close();
  });

  it('signs in with the member\'s token, and opens again as the member and staff member of the moment', async () => {
    expect(server.auths[0]).toEqual({ type: 'auth', token: 'member-token', staffToken: null, since: null });
    server.send({ type: 'ready', lastId: 50 });
    await until(() => live.isConnected(), 'ready');
    store.dispatch(staffLoggedIn({ token: 'staff-token', login: 'ops', role: 'finance' }));
    await server.authenticated(2);
    expect(server.auths[1]).toEqual({ type: 'auth', token: 'member-token', staffToken: 'staff-token', since: null });
    store.dispatch(loggedOut());
    await server.authenticated(3);
    expect(server.auths[2]).toEqual({ type: 'auth', token: null, staffToken: 'staff-token', since: null });
  });

  it('logs the member out to the login screen when the server says the session ended elsewhere', async () => {
    location.hash = '#/mine';
    server.send({ type: 'ready', lastId: 0 }, { type: 'ended', reason: 'password' });
    server.drop(LIVE_CLOSE.sessionEnded);
    await until(() => store.getState().session.token === null, 'the logout');
    await until(() => location.hash === '#/user/login', 'the login screen');
    expect(shown.at(-1)).toBe('Your session has ended. Please log in again.');
    // Signed out, the page comes back for public events only, never with the old session.
    await server.authenticated(2);
    expect(server.auths[1]).toEqual({ type: 'auth', token: null, staffToken: null, since: null });
  });

  it('says an expired session expired, in the words the API\'s own refusal uses', async () => {
    location.hash = '#/mine';
    // Refused at connect: the server closes without an `ended` frame first.
    server.drop(LIVE_CLOSE.sessionEnded);
    await until(() => location.hash === '#/user/login', 'the login screen');
    expect(shown.at(-1)).toBe('Your session has expired, please log in again');
  });
});
