import { createListenerMiddleware, type Middleware } from '@reduxjs/toolkit';
import { createApi, setupListeners, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { MemberPath, MemberRoute } from '@rigshare/api-schema';
import type { Page, ServiceHost } from '@rigshare/domain';
import { languageChanged, loggedIn, loggedOut, rootReducer, store, storeMiddleware } from '@rigshare/session';
import axios from 'axios';
import { ApiError, get, post, postMultipart, type RequestOptions } from './client';

/**
 * Server data for every screen: one RTK Query API over the one axios client (DESIGN.md), so a
 * balance loaded by one screen is the balance every screen shows, and a purchase, a takeout or a
 * withdrawal marks what it changed as stale by tag instead of each screen refetching on its own.
 * Remotes add their calls with `serverApi.injectEndpoints` and call `installServerApi()` from
 * their `RemoteModule.setup`.
 */

/**
 * One call: a service host and a path the server declares there for the method (GET unless said),
 * with query parameters (GET) or a form-encoded body (POST).
 */
export type ServerRequest = ServerRoute & {
  params?: Record<string, unknown>;
  body?: Record<string, string | number | boolean | undefined>;
  /** A multipart body (an upload), POSTed instead of `body`. */
  form?: FormData;
  /**
   * Show the page's spinner and toast a refusal with the server's message. Default: on for
   * mutations (the member pressed a button), off for queries (screens draw their own states).
   */
  announce?: boolean;
};

type ServerRoute = {
  [Host in ServiceHost]: { host: Host; path: MemberPath<Host, 'GET'>; method?: 'GET' } | { host: Host; path: MemberPath<Host, 'POST'>; method: 'POST' };
}[ServiceHost];

/** What a failed call leaves in `error`: the envelope code (or HTTP status), msg and data. */
export interface ServerError {
  code: number;
  message: string;
  data: unknown;
}

/** The envelope's `msg` of a successful reply (e.g. a localized "expected to arrive..." sentence). */
export interface ServerMeta {
  msg: string;
}

export const serverBaseQuery: BaseQueryFn<ServerRequest, unknown, ServerError, object, ServerMeta> = async (request, { signal, type }) => {
  const announce = request.announce ?? type === 'mutation';
  const options: RequestOptions = { silent: !announce, quiet: !announce, signal, params: request.params };
  try {
    // The client unwraps the {code,msg,data} envelope, handles 401 (session gone, login) and toasts.
    // TypeScript cannot pair a union's host with its path by itself; the pair was checked where the request was written.
    const body = request.form
      ? await postMultipart<unknown>(...([request.host, request.path] as MemberRoute<'POST'>), request.form, options)
      : request.method === 'POST'
        ? await post<unknown>(...([request.host, request.path] as MemberRoute<'POST'>), request.body, options)
        : await get<unknown>(...([request.host, request.path] as MemberRoute<'GET'>), options);
    return { data: body.data, meta: { msg: body.msg } };
  } catch (error) {
    if (error instanceof ApiError) return { error: { code: error.code, message: error.message, data: error.data } };
    if (axios.isCancel(error)) return { error: { code: 0, message: 'aborted', data: null } };
    return { error: { code: 0, message: error instanceof Error ? error.message : String(error), data: null } };
  }
};

/** What the cache knows by name; a mutation invalidates the tags of what it changed. */
export const SERVER_TAGS = ['Balance', 'Records', 'Orders', 'Income', 'Products', 'Coupons', 'Withdrawals', 'Deposits', 'Bindings', 'Team', 'Posts', 'Messages', 'Solvency'] as const;
export type ServerTag = (typeof SERVER_TAGS)[number];

export const serverApi = createApi({
  reducerPath: 'serverData',
  baseQuery: serverBaseQuery,
  tagTypes: SERVER_TAGS,
  endpoints: () => ({}),
});

/** `infiniteQueryOptions` for the server's paged lists (`pageNum` from 1, `{ total, list }`). */
export const pagedListOptions = {
  initialPageParam: 1,
  getNextPageParam: (last: Page<unknown>, all: Page<unknown>[], lastPageNum: number): number | undefined => {
    const loaded = all.reduce((count, page) => count + page.list.length, 0);
    return last.list.length > 0 && loaded < last.total ? lastPageNum + 1 : undefined;
  },
};

/** A member's data never outlives their session; server text follows the language. */
const sessionFollower = createListenerMiddleware();
sessionFollower.startListening({ actionCreator: loggedOut, effect: (_action, api) => void api.dispatch(serverApi.util.resetApiState()) });
sessionFollower.startListening({ actionCreator: loggedIn, effect: (_action, api) => void api.dispatch(serverApi.util.resetApiState()) });
sessionFollower.startListening({ actionCreator: languageChanged, effect: (_action, api) => void api.dispatch(serverApi.util.invalidateTags([...SERVER_TAGS])) });

/**
 * Puts the API's reducer and middleware into the page's one store (libs/session). Safe to call
 * from every remote's `setup`: the reducer and the middleware are added once.
 */
let installed = false;

export function installServerApi(): void {
  if (installed) return;
  installed = true;
  rootReducer.inject(serverApi);
  storeMiddleware.addMiddleware(serverApi.middleware as Middleware, sessionFollower.middleware as Middleware);
  // The combined reducer takes in an injected slice on the next action: make that now.
  store.dispatch({ type: 'serverData/installed' });
  // refetchOnFocus / refetchOnReconnect (the unread badge) follow the window's focus and network.
  setupListeners(store.dispatch);
}
