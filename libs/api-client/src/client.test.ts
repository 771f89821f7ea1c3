/** @jest-environment jsdom */
import { changeLanguage, initI18n } from '@rigshare/i18n';
import { loggedIn, store, STORAGE_KEYS } from '@rigshare/session';
import { ApiError, configureApi, get, getBlob, post, setApiNotifier } from './client';
import { type ReceivedRequest, startTestServer, type TestReply } from './test-server';

/** The API's side: it records what arrives and answers as told. */
const seen: ReceivedRequest[] = [];
let reply: TestReply = { status: 200, body: { code: 200, msg: 'ok', data: null } };
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  await initI18n('en-US');
  server = await startTestServer((request) => {
    seen.push(request);
    return reply;
  });
  configureApi({ user: `${server.origin}/api/user`, orders: `${server.origin}/api/orders` });
});

afterAll(() => server.close());

const notices: string[] = [];
beforeEach(() => {
  seen.length = 0;
  notices.length = 0;
  reply = { status: 200, body: { code: 200, msg: 'ok', data: null } };
  setApiNotifier({ showLoading() {}, hideLoading() {}, showError: (message, ms) => notices.push(`${message} (${ms} ms)`) });
});

it('sends the Language header of the current language and no token when logged out', async () => {
  await changeLanguage('tr-TR');
  await get('user', 'sys/info');
  expect(seen[0].headers['language']).toBe('tr_TR');
  expect(seen[0].headers['x-access-token']).toBeUndefined();
  await changeLanguage('en-US');
});

it('sends the token and a form-encoded body', async () => {
  store.dispatch(
    loggedIn({
      token: 'secret-token',
      data: { userId: '1', headUrl: null, phone: '9000000001', name: 'A', shareCode: '', createTime: '', invitateCode: 'X', markHeadbgUrl: null, markText: null, timezoneType: 0 },
    }),
  );
  await post('user', 'user/modify-name', { name: 'Asha Rao', skip: undefined });
  expect(seen[0].headers['x-access-token']).toBe('secret-token');
  expect(seen[0].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  expect(seen[0].body).toBe('name=Asha+Rao');
});

it('shows the body msg of an HTTP error for 3 s and rejects with it', async () => {
  reply = { status: 400, body: { code: 400, msg: 'Inconsistent passwords', data: null } };
  await expect(post('user', 'auth/register', {})).rejects.toEqual(new ApiError(400, 'Inconsistent passwords'));
  expect(notices).toEqual(['Inconsistent passwords (3000 ms)']);
});

it('on 401 shows the server message, clears the session and storage, and goes to login after 1 s', async () => {
  location.hash = '#/mine';
  reply = { status: 401, body: { code: 401, msg: 'Your session has expired, please log in again', data: null } };
  await expect(get('user', 'user/info')).rejects.toBeInstanceOf(ApiError);
  expect(notices).toEqual(['Your session has expired, please log in again (3000 ms)']);
  expect(store.getState().session.token).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(location.hash).toBe('#/mine');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(location.hash).toBe('#/user/login');
});

it('treats a 401 code inside a 200 reply the same way', async () => {
  reply = { status: 200, body: { code: 401, msg: 'expired', data: null } };
  await expect(get('user', 'user/info')).rejects.toEqual(new ApiError(401, 'expired'));
  expect(store.getState().session.token).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 1100));
});

it('stays quiet when the caller shows the error itself, and keeps what the error envelope carried', async () => {
  reply = { status: 400, body: { code: 400, msg: 'Please bind your address', data: { fix: '/user/address' } } };
  const error = await post('user', 'share/info', {}, { quiet: true }).catch((e: ApiError) => e);
  expect(error).toEqual(new ApiError(400, 'Please bind your address'));
  expect((error as ApiError).data).toEqual({ fix: '/user/address' });
  expect(notices).toEqual([]);
});

it("names a file too large when the proxy refuses it with its own page, and a server fault otherwise, in the member's language", async () => {
  reply = { status: 413, body: '<html><body><h1>413 Request Entity Too Large</h1></body></html>' };
  await expect(post('user', 'user/modify-name', { name: 'x' })).rejects.toEqual(new ApiError(413, 'The file is too large to send. Please choose a smaller one.'));
  await changeLanguage('de-DE');
  await expect(post('user', 'user/modify-name', { name: 'x' })).rejects.toEqual(new ApiError(413, 'Die Datei ist zu groß zum Senden. Bitte wählen Sie eine kleinere.'));
  await changeLanguage('en-US');
  reply = { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };
  await expect(get('user', 'sys/info')).rejects.toEqual(new ApiError(502, 'Something went wrong on our side. Please try again later.'));
  expect(notices).toEqual([
    'The file is too large to send. Please choose a smaller one. (3000 ms)',
    'Die Datei ist zu groß zum Senden. Bitte wählen Sie eine kleinere. (3000 ms)',
    'Something went wrong on our side. Please try again later. (3000 ms)',
  ]);
});

it('downloads a file as a blob, and reads a refusal envelope out of the blob, 401 included', async () => {
  reply = { status: 200, body: { any: 'bytes' } };
  const file = await getBlob('orders', 'order/agreement.pdf', { params: { orderId: 7 } });
  expect(file).toBeInstanceOf(Blob);
  expect(file.size).toBe(JSON.stringify({ any: 'bytes' }).length);
  expect(seen[0].url).toBe('/api/orders/order/agreement.pdf?orderId=7');

  reply = { status: 404, body: { code: 404, msg: 'This order does not exist', data: null } };
  await expect(getBlob('orders', 'order/agreement.pdf', { quiet: true })).rejects.toEqual(new ApiError(404, 'This order does not exist'));
  expect(notices).toEqual([]);

  location.hash = '#/user/pdf';
  reply = { status: 401, body: { code: 401, msg: 'Your session has expired, please log in again', data: null } };
  await expect(getBlob('orders', 'order/agreement.pdf', { quiet: true })).rejects.toBeInstanceOf(ApiError);
  expect(notices).toEqual(['Your session has expired, please log in again (3000 ms)']);
  expect(store.getState().session.token).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(location.hash).toBe('#/user/login');
});
