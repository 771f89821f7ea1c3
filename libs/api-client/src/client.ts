import type { MemberRoute } from '@rigshare/api-schema';
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { CODE_OK, CODE_UNAUTHORIZED, ERROR_TOAST_MS, LOGOUT_DELAY_MS, REQUEST_TIMEOUT_MS, type Envelope, type ServiceHost } from '@rigshare/domain';
import { currentHeaderCode, i18n } from '@rigshare/i18n';
import { loggedOut, store } from '@rigshare/session';

/**
 * The one axios client of the page (shared as a singleton by Module Federation). Every client
 * property of SPEC.md section 7 lives here: 36 s timeout, Language header, X-Access-Token,
 * form-encoded bodies, the loading spinner, and the 401 and error handling.
 */

export interface ApiNotifier {
  showLoading(): void;
  hideLoading(): void;
  showError(message: string, durationMs: number): void;
}

export interface RequestOptions {
  /** No spinner for this call (pages with their own loading state). */
  silent?: boolean;
  /** The caller shows the error itself; no toast. */
  quiet?: boolean;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
}

/**
 * A failed call: `code` is the envelope code (or HTTP status), the message what the server said,
 * and `data` whatever the error envelope carried (e.g. `{ fix: '/user/address' }`), else null.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Hash paths whose screens show their own loading state instead of the global spinner. */
const NO_SPINNER_PATHS = new Set(['/index', '/dynamic', '/message', '/projects']);

let hosts: Partial<Record<ServiceHost, string>> = {};
let notifier: ApiNotifier = { showLoading() {}, hideLoading() {}, showError() {} };
let pending = 0;
let expiring = false;

export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config) => {
  config.headers.set('Language', currentHeaderCode());
  const token = store.getState().session.token;
  if (token) config.headers.set('X-Access-Token', token);
  return config;
});

export function configureApi(apiHosts: Record<string, string>): void {
  hosts = apiHosts as Partial<Record<ServiceHost, string>>;
}

export function setApiNotifier(next: ApiNotifier): void {
  notifier = next;
}

function currentPath(): string {
  if (typeof location === 'undefined') return '';
  return location.hash.replace(/^#/, '').split('?')[0] || '/';
}

function urlFor(host: ServiceHost, path: string): string {
  const base = hosts[host];
  if (!base) throw new ApiError(0, `Service host "${host}" is not configured`);
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

/**
 * Session gone: the server's message for 3 s, storage cleared, login after 1 s (once). The live
 * channel takes this path too when the server says the session ended elsewhere.
 */
export function expireSession(message: string): void {
  if (expiring) return;
  expiring = true;
  notifier.showError(message, ERROR_TOAST_MS);
  store.dispatch(loggedOut());
  setTimeout(() => {
    expiring = false;
    if (typeof location !== 'undefined') location.hash = '#/user/login';
  }, LOGOUT_DELAY_MS);
}

/**
 * What a reply without an envelope means to the member. The proxy in front of the API refuses a body
 * over its limit itself (nginx's 413 page, docs/operations.md), before the API could name the limit.
 */
export function statusMessage(status: number): string {
  return i18n.t(status === 413 ? 'common:errors.tooLarge' : 'common:errors.server');
}

function messageOf(error: unknown): { code: number; msg: string; data?: unknown } {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<Envelope> | undefined;
    if (body && typeof body.msg === 'string' && body.msg) return { code: body.code ?? error.response!.status, msg: body.msg, data: body.data };
    if (error.code === 'ECONNABORTED') return { code: 0, msg: i18n.t('common:errors.timeout') };
    if (!error.response) return { code: 0, msg: i18n.t('common:errors.network') };
    return { code: error.response.status, msg: statusMessage(error.response.status) };
  }
  return { code: 0, msg: error instanceof Error ? error.message : String(error) };
}

/** Shows the spinner while `work` runs (unless silenced); hides it before any error is shown. */
async function withSpinner<T>(options: RequestOptions, work: () => Promise<T>): Promise<T> {
  const spin = !options.silent && !NO_SPINNER_PATHS.has(currentPath());
  if (spin && pending++ === 0) notifier.showLoading();
  try {
    return await work();
  } finally {
    if (spin && --pending === 0) notifier.hideLoading();
  }
}

async function send<T>(config: AxiosRequestConfig, options: RequestOptions): Promise<Envelope<T>> {
  let body: Envelope<T>;
  try {
    const response = await withSpinner(options, () =>
      http.request<Envelope<T>>({ ...config, params: options.params, signal: options.signal }),
    );
    body = response.data;
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    const { code, msg, data } = messageOf(error);
    if (code === CODE_UNAUTHORIZED) expireSession(msg);
    else if (!options.quiet) notifier.showError(msg, ERROR_TOAST_MS);
    throw new ApiError(code, msg, data);
  }
  if (body.code === CODE_UNAUTHORIZED) {
    expireSession(body.msg);
    throw new ApiError(CODE_UNAUTHORIZED, body.msg);
  }
  return body;
}

/** Reads the envelope; resolves only when `code` is 200, otherwise throws an ApiError with `msg`. */
function unwrap<T>(body: Envelope<T>, options: RequestOptions): Envelope<T> {
  if (body.code !== CODE_OK) {
    if (!options.quiet) notifier.showError(body.msg, ERROR_TOAST_MS);
    throw new ApiError(body.code, body.msg, body.data);
  }
  return body;
}

type FormBody = Record<string, string | number | boolean | undefined>;

/** GET a route the server declares on that host (`get('user', 'user/info')`). */
export async function get<T>(...[host, path, options = {}]: [...MemberRoute<'GET'>, options?: RequestOptions]): Promise<Envelope<T>> {
  return unwrap(await send<T>({ method: 'GET', url: urlFor(host, path) }, options), options);
}

/** POST with a form-encoded body (SPEC.md: bodies are form-encoded unless noted) to a route the server declares. */
export async function post<T>(...[host, path, body = {}, options = {}]: [...MemberRoute<'POST'>, body?: FormBody, options?: RequestOptions]): Promise<Envelope<T>> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) if (value !== undefined) form.append(key, String(value));
  return unwrap(
    await send<T>(
      { method: 'POST', url: urlFor(host, path), data: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      options,
    ),
    options,
  );
}

/** POST multipart (uploads). */
export async function postMultipart<T>(...[host, path, form, options = {}]: [...MemberRoute<'POST'>, form: FormData, options?: RequestOptions]): Promise<Envelope<T>> {
  return unwrap(await send<T>({ method: 'POST', url: urlFor(host, path), data: form }, options), options);
}

/** A blob's text (FileReader: `Blob.text()` is missing from some engines). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** A file call's error body arrives as a Blob: read the envelope out of it so its msg can be shown. */
async function withEnvelopeBody(error: unknown): Promise<unknown> {
  if (error instanceof AxiosError && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await blobText(error.response.data));
    } catch {
      // Not an envelope: the HTTP status speaks.
    }
  }
  return error;
}

/**
 * GET a file the server generates (a PDF) as a Blob, with the same session header, spinner, error
 * toasts and 401 handling as every other call.
 */
export async function getBlob(...[host, path, options = {}]: [...MemberRoute<'GET'>, options?: RequestOptions]): Promise<Blob> {
  try {
    const response = await withSpinner(options, () =>
      http.get<Blob>(urlFor(host, path), { params: options.params, signal: options.signal, responseType: 'blob' }),
    );
    return response.data;
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    const { code, msg, data } = messageOf(await withEnvelopeBody(error));
    if (code === CODE_UNAUTHORIZED) expireSession(msg);
    else if (!options.quiet) notifier.showError(msg, ERROR_TOAST_MS);
    throw new ApiError(code, msg, data);
  }
}

/** The base URL of a host, for links the browser opens itself (images, files). */
export function hostUrl(host: ServiceHost, path = ''): string {
  return urlFor(host, path);
}
