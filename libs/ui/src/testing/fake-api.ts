import { http, HttpResponse, type HttpResponseResolver, type RequestHandlerOptions } from 'msw';
import { setupServer } from 'msw/node';
import { SERVICE_HOSTS, type ServiceHost } from '@rigshare/domain';
import { configureApi, configureStaffApi, installServerApi, installStaffApi, serverApi, setApiNotifier, staffApi } from '@rigshare/api-client';
import { initI18n } from '@rigshare/i18n';
import { store } from '@rigshare/session';

/**
 * A fake API at the HTTP boundary (msw) for screen tests: the screen, the real store, RTK Query and
 * the one axios client run as in the page; only the server's replies are the test's. Every host is
 * placed as config.json places it (`<origin>/api/<host>`, staff at `<origin>/admin`), so a handler's
 * path is the path the server serves. Needs the `jest-fixed-jsdom` environment (fetch, streams and
 * Node's export conditions, which msw/node relies on).
 */

const ORIGIN = 'http://api.rigshare.test';
const memberUrl = (host: ServiceHost, path: string) => `${ORIGIN}/api/${host}/${path.replace(/^\//, '')}`;
const staffUrl = (path: string) => `${ORIGIN}/admin/${path.replace(/^\//, '')}`;

/** The reply of a call the server took: the `{ code, msg, data }` envelope with code 200. */
export function ok<T>(data: T, msg = 'ok') {
  return HttpResponse.json({ code: 200, msg, data });
}

/** The reply of a call the server refused: its code and message in the envelope (HTTP 200, as the API answers). */
export function refused(code: number, msg: string, data: unknown = null) {
  return HttpResponse.json({ code, msg, data });
}

/** Handlers for the member API (`host` + path, as the remotes' endpoints name them). */
export const memberApi = {
  get: (host: ServiceHost, path: string, resolver: HttpResponseResolver, options?: RequestHandlerOptions) => http.get(memberUrl(host, path), resolver, options),
  post: (host: ServiceHost, path: string, resolver: HttpResponseResolver, options?: RequestHandlerOptions) => http.post(memberUrl(host, path), resolver, options),
};

/** Handlers for the staff API (paths under /admin). */
export const adminApi = {
  get: (path: string, resolver: HttpResponseResolver, options?: RequestHandlerOptions) => http.get(staffUrl(path), resolver, options),
  post: (path: string, resolver: HttpResponseResolver, options?: RequestHandlerOptions) => http.post(staffUrl(path), resolver, options),
  delete: (path: string, resolver: HttpResponseResolver, options?: RequestHandlerOptions) => http.delete(staffUrl(path), resolver, options),
};

/** A request that reached the fake server: method, path (no origin), query and body (form fields or JSON). */
export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return null;
  if ((request.headers.get('content-type') ?? '').includes('json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * Starts the fake API for the test file with the handlers every test shares; a test adds or
 * overrides handlers with `use(...)`, undone after it. A call no handler answers fails the test.
 * `sent` lists the requests of the running test, `toasts` what the page's notifier was asked to show.
 */
export function startFakeApi(...handlers: Parameters<typeof setupServer>) {
  const server = setupServer(...handlers);
  const sent: SentRequest[] = [];
  const toasts: string[] = [];
  const unanswered: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SentRequest = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: null };
    sent.push(entry);
    void bodyOf(request.clone()).then((body) => (entry.body = body));
  });

  beforeAll(async () => {
    // The client's own messages (no answer, timeout) come from the shared common namespace.
    await initI18n('en-US');
    server.listen({
      onUnhandledRequest: (request, print) => {
        // A WebSocket's opening handshake goes on to its real server (the live channel's, in a test that starts one).
        if (request.headers.get('upgrade') === 'websocket') return;
        unanswered.push(`${request.method} ${new URL(request.url).pathname}`);
        print.error();
      },
    });
    configureApi(Object.fromEntries(SERVICE_HOSTS.map((host) => [host, `${ORIGIN}/api/${host}`])));
    configureStaffApi({ admin: `${ORIGIN}/admin` });
    setApiNotifier({ showLoading() {}, hideLoading() {}, showError: (message) => void toasts.push(message) });
    installServerApi();
    installStaffApi();
  });
  afterEach(() => {
    server.resetHandlers();
    sent.length = 0;
    toasts.length = 0;
    // Each test starts with an empty cache, as a fresh page would.
    store.dispatch(serverApi.util.resetApiState());
    store.dispatch(staffApi.util.resetApiState());
    const missed = unanswered.splice(0);
    if (missed.length > 0) throw new Error(`The screen called what no handler answers: ${missed.join(', ')}`);
  });
  afterAll(() => server.close());

  return { use: server.use.bind(server), sent, toasts };
}
