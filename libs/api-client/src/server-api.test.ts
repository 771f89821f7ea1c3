/** @jest-environment jsdom */
import { initI18n } from '@rigshare/i18n';
import { languageChanged, loggedIn, loggedOut, store } from '@rigshare/session';
import { configureApi, setApiNotifier } from './client';
import { installServerApi, pagedListOptions, serverApi } from './server-api';
import { startTestServer } from './test-server';

/** The API's side: a balance that a purchase lowers, and a paged list. */
let balance = 100;
const seen: string[] = [];
let server: Awaited<ReturnType<typeof startTestServer>>;
const notices: string[] = [];

const api = serverApi.injectEndpoints({
  endpoints: (build) => ({
    balance: build.query<{ available: number }, void>({ query: () => ({ host: 'assets', path: 'user/balance' }), providesTags: ['Balance'] }),
    buy: build.mutation<{ id: number }, { price: number }>({
      query: ({ price }) => ({ host: 'orders', path: 'mine/order/create', method: 'POST', body: { price } }),
      invalidatesTags: ['Balance', 'Orders'],
    }),
    refused: build.query<null, void>({ query: () => ({ host: 'orders', path: 'coupon/isOpen' }) }),
    numbers: build.infiniteQuery<{ total: number; list: number[] }, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'orders', path: 'product/list', params: { pageNum: pageParam, pageSize: 2 } }),
    }),
  }),
});

beforeAll(async () => {
  await initI18n('en-US');
  server = await startTestServer(({ method, url: path, body }) => {
    seen.push(`${method} ${path}`);
    const url = new URL(path, 'http://x');
    if (url.pathname.endsWith('user/balance')) return { body: { code: 200, msg: 'ok', data: { available: balance } } };
    if (url.pathname.endsWith('mine/order/create')) {
      balance -= Number(new URLSearchParams(body).get('price'));
      return { body: { code: 200, msg: 'Purchase successful', data: { id: 1 } } };
    }
    if (url.pathname.endsWith('coupon/isOpen')) return { body: { code: 400, msg: 'Greater than available balance', data: { fix: '/user/recharge' } } };
    if (url.pathname.endsWith('product/list')) {
      const pageNum = Number(url.searchParams.get('pageNum'));
      const all = [1, 2, 3, 4, 5];
      return { body: { code: 200, msg: 'ok', data: { total: all.length, list: all.slice((pageNum - 1) * 2, pageNum * 2) } } };
    }
    return { body: { code: 200, msg: 'ok', data: null } };
  });
  configureApi({ assets: `${server.origin}/api/assets`, orders: `${server.origin}/api/orders` });
  setApiNotifier({ showLoading() {}, hideLoading() {}, showError: (message) => notices.push(message) });
  // Two remotes' setups: the reducer and the middleware still go in once.
  installServerApi();
  installServerApi();
});

afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  notices.length = 0;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
/** Waits for what a refetch brings: it runs on its own, and how long it takes is the machine's, not the code's. */
async function until(check: () => boolean): Promise<void> {
  for (const end = Date.now() + 5_000; !check(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() > end) throw new Error(`still waiting; the server saw ${JSON.stringify(seen)}`);
  }
}
const balanceShown = () => api.endpoints.balance.select()(store.getState() as never).data;

it('puts the API into the one store, once, and asks the server once for data several screens want', async () => {
  const a = store.dispatch(api.endpoints.balance.initiate());
  const b = store.dispatch(api.endpoints.balance.initiate());
  await expect(a.unwrap()).resolves.toEqual({ available: 100 });
  await b;
  expect(seen).toEqual(['GET /api/assets/user/balance']);
  expect(Object.keys(store.getState())).toEqual(['session', 'staff', 'serverData']);
  a.unsubscribe();
  b.unsubscribe();
});

it('a purchase marks the balance stale: the screen showing it gets the new figure without asking', async () => {
  const shown = store.dispatch(api.endpoints.balance.initiate());
  await shown;
  seen.length = 0;
  await store.dispatch(api.endpoints.buy.initiate({ price: 30 })).unwrap();
  await until(() => balanceShown()?.available === 70);
  await settle();
  expect(seen).toEqual(['POST /api/orders/mine/order/create', 'GET /api/assets/user/balance']);
  shown.unsubscribe();
});

it('a refusal arrives as the envelope code, msg and data; a query does not toast it, the screen shows it', async () => {
  const result = await store.dispatch(api.endpoints.refused.initiate());
  expect(result.error).toEqual({ code: 400, message: 'Greater than available balance', data: { fix: '/user/recharge' } });
  expect(notices).toEqual([]);
});

it('loads a paged list a page at a time and stops after the last one', async () => {
  const list = store.dispatch(api.endpoints.numbers.initiate());
  await list;
  await store.dispatch(api.endpoints.numbers.initiate(undefined, { direction: 'forward' }));
  await store.dispatch(api.endpoints.numbers.initiate(undefined, { direction: 'forward' }));
  const state = api.endpoints.numbers.select()(store.getState() as never);
  expect(state.data?.pages.map((page) => page.list)).toEqual([[1, 2], [3, 4], [5]]);
  expect(state.hasNextPage).toBe(false);
  list.unsubscribe();
});

it('forgets a member\'s data when they log out, and reloads server text when the language changes', async () => {
  const shown = store.dispatch(api.endpoints.balance.initiate());
  await shown;
  seen.length = 0;
  store.dispatch(languageChanged('de-DE'));
  await until(() => seen.length > 0);
  await settle();
  expect(seen).toEqual(['GET /api/assets/user/balance']);
  shown.unsubscribe();
  store.dispatch(
    loggedIn({
      token: 't',
      data: { userId: '1', headUrl: null, phone: '9000000001', name: 'A', shareCode: '', createTime: '', invitateCode: 'X', markHeadbgUrl: null, markText: null, timezoneType: 0 },
    }),
  );
  store.dispatch(loggedOut());
  await settle();
  expect(balanceShown()).toBeUndefined();
});
