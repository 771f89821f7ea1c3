import type { Middleware } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { StaffPath } from '@rigshare/api-schema';
import { CODE_OK, CODE_UNAUTHORIZED, REQUEST_TIMEOUT_MS, type Envelope } from '@rigshare/domain';
import { currentHeaderCode, i18n } from '@rigshare/i18n';
import { rootReducer, staffLoggedOut, store, storeMiddleware } from '@rigshare/session';
import axios, { AxiosError } from 'axios';
import { statusMessage } from './client';

/**
 * The staff console's server data: the /admin API with the staff session's token (never a member's),
 * JSON bodies, and a 401 that ends the staff session and goes to the staff login. Apart from
 * `serverApi` so a member's session and a staff session in one browser never cross. The console
 * remote injects its endpoints and calls `installStaffApi()` from its setup.
 */

/** Where the /admin API lives: `apiHosts.admin` of config.json. */
let adminBase = '';

export function configureStaffApi(apiHosts: Record<string, string>): void {
  adminBase = (apiHosts.admin ?? '').replace(/\/$/, '');
}

/** One /admin call: a path below /admin that the server declares for the method (GET unless said). */
export type StaffRequest = StaffRoute & {
  params?: object;
  body?: unknown;
};

type StaffRoute = { path: StaffPath<'GET'>; method?: 'GET' } | { path: StaffPath<'POST'>; method: 'POST' } | { path: StaffPath<'DELETE'>; method: 'DELETE' };

export interface StaffError {
  /** The envelope code or the HTTP status (0: no answer). */
  code: number;
  message: string;
}

const http = axios.create({ timeout: REQUEST_TIMEOUT_MS });

/** One /admin call; resolves with `data` of a 200 envelope, rejects with a StaffError carrying the server's message. */
export async function staffRequest<T>({ path, method = 'GET', params, body }: StaffRequest): Promise<T> {
  if (!adminBase) throw { code: 0, message: 'The staff API (apiHosts.admin) is not configured' } satisfies StaffError;
  const token = store.getState().staff.session?.token;
  try {
    const response = await http.request<Envelope<T>>({
      url: `${adminBase}/${path.replace(/^\//, '')}`,
      method,
      params,
      data: body,
      headers: { Language: currentHeaderCode(), ...(token ? { 'X-Access-Token': token } : {}) },
    });
    const envelope = response.data;
    if (envelope.code !== CODE_OK) throw { code: envelope.code, message: envelope.msg } satisfies StaffError;
    return envelope.data;
  } catch (error) {
    const failure = staffErrorOf(error);
    // A staff session that ended (idle for 30 minutes, revoked): back to the staff login.
    if (failure.code === CODE_UNAUTHORIZED && token) {
      store.dispatch(staffLoggedOut());
      if (typeof location !== 'undefined') location.hash = '#/console/login';
    }
    throw failure;
  }
}

function staffErrorOf(error: unknown): StaffError {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<Envelope> | undefined;
    if (body && typeof body.msg === 'string' && body.msg) return { code: body.code ?? error.response!.status, message: body.msg };
    if (!error.response) return { code: 0, message: i18n.t('common:errors.network') };
    return { code: error.response.status, message: statusMessage(error.response.status) };
  }
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) return error as StaffError;
  return { code: 0, message: error instanceof Error ? error.message : String(error) };
}

const staffBaseQuery: BaseQueryFn<StaffRequest, unknown, StaffError> = async (request) => {
  try {
    return { data: await staffRequest(request) };
  } catch (error) {
    return { error: error as StaffError };
  }
};

export const STAFF_TAGS = ['Dashboard', 'Recharges', 'Withdrawals', 'Posts', 'Submissions', 'Feedback', 'Audit', 'Members', 'Content', 'Money', 'Products', 'Rates', 'Catalogue'] as const;

export const staffApi = createApi({
  reducerPath: 'staffData',
  baseQuery: staffBaseQuery,
  tagTypes: STAFF_TAGS,
  endpoints: () => ({}),
});

let installed = false;

/** Puts the staff API's reducer and middleware into the page's store, once. */
export function installStaffApi(): void {
  if (installed) return;
  installed = true;
  rootReducer.inject(staffApi);
  storeMiddleware.addMiddleware(staffApi.middleware as Middleware);
  store.dispatch({ type: 'staffData/installed' });
}
