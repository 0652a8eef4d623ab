// The one request client. Every rule of the error catalogue (spec §8) lives here.
import { hasChinese } from '@tradelane/contract';
import { LOGOUT_REASON_KEY, NOTIFY_DURATION_S, REQUEST_TIMEOUT_MS } from '../config.ts';
import { currentLang, i18n } from '../i18n/index.ts';
import { clearToken, readToken } from './token-store.ts';

export interface Notifier {
  error(text: string, durationS?: number): void;
  warning(text: string, durationS?: number): void;
}

export interface RequestHooks {
  notify: Notifier;
  /** Client-side navigation (the router's navigate); falls back to a page load. */
  navigate: (to: string) => void;
  /** Clears the in-memory session before the 401 reload. */
  clearSession: () => void;
  /** A 403 `partner.required`: the caller's company has no accepted shipper invitation yet. */
  needsPartner: () => void;
}

const consoleNotifier: Notifier = {
  error: (text) => console.error(text),
  warning: (text) => console.warn(text),
};

const hooks: RequestHooks = {
  notify: consoleNotifier,
  navigate: (to) => window.location.assign(to),
  clearSession: () => {},
  needsPartner: () => {},
};

export function configureRequest(next: Partial<RequestHooks>): void {
  Object.assign(hooks, next);
}

export const BASE_URL: string = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * No answer came from the server (the connection was lost, the request timed out, or a gateway found no
 * server): what was asked may still have happened, or not.
 */
export const noAnswer = (e: unknown): boolean =>
  e instanceof ApiError && (e.status === 0 || e.status === 502 || e.status === 503 || e.status === 504);

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined | null>;
  data?: unknown;
  /** 'blob' for downloads. */
  responseType?: 'json' | 'blob';
  timeoutMs?: number;
  /** Do not show the error toast; the caller handles the error. */
  silent?: boolean | ((err: ApiError) => boolean);
  /** A 401 is not a session loss here (the logout call itself). */
  ignoreUnauthorized?: boolean;
  /** The label of a form field the server names in an error (`field`), to word the message with it. */
  fieldLabel?: (field: string) => string | undefined;
}

let unauthorizedHandled = false;

export function resetUnauthorizedGuard(): void {
  unauthorizedHandled = false;
}

export function getToken(): string | undefined {
  return readToken() ?? undefined;
}

function buildUrl(url: string, params?: RequestOptions['params']): string {
  const path = /^https?:\/\//.test(url) ? url : `${BASE_URL}/${url.replace(/^\//, '')}`;
  if (!params) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.append(k, String(v));
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

/** Which text to show for an error body (status other than 401/403). */
export function messageFor(message: string | undefined, code: string | undefined): string {
  const t = i18n.t.bind(i18n);
  if (!message) return t('request.generic');
  if (message.startsWith('email')) return t('request.emailTaken');
  if (message.startsWith('phone')) return t('request.phoneTaken');
  if (message.includes('data_id_unique')) return t('request.tooFast');
  if (hasChinese(message)) return message;
  // The server localizes coded messages by Accept-Language; in English such a message is meant for the user.
  if (currentLang() === 'en' && code) return message;
  return t('request.generic');
}

/** Status 401: log out once, store why, and reload on /login. */
export function handleUnauthorized(reasonKey = 'request.sessionExpired'): void {
  if (unauthorizedHandled) return;
  unauthorizedHandled = true;
  clearToken();
  hooks.clearSession();
  try {
    sessionStorage.setItem(LOGOUT_REASON_KEY, reasonKey);
  } catch {
    /* storage may be unavailable */
  }
  const here = window.location.pathname;
  if (here.replace(/\/+$/, '') === '/login') {
    unauthorizedHandled = false;
    return;
  }
  const redirect = encodeURIComponent(here + window.location.search);
  window.location.assign(`/login?redirect=${redirect}`);
}

function isSilent(opts: RequestOptions, err: ApiError): boolean {
  return typeof opts.silent === 'function' ? opts.silent(err) : Boolean(opts.silent);
}

function fail(opts: RequestOptions, err: ApiError, text: string, durationS?: number): never {
  if (!isSilent(opts, err)) hooks.notify.error(text, durationS);
  throw err;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(method: string, url: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': currentLang() };
  const token = getToken();
  if (token) headers.Authorization = token;
  let body: BodyInit | undefined;
  if (opts.data instanceof FormData) body = opts.data;
  else if (opts.data !== undefined) {
    headers['Content-Type'] = 'application/json;charset=utf-8';
    body = JSON.stringify(opts.data);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(buildUrl(url, opts.params), { method, headers, body, signal: controller.signal });
  } catch (cause) {
    clearTimeout(timer);
    const timedOut = controller.signal.aborted;
    const err = new ApiError(timedOut ? 'timeout' : String(cause), 0, timedOut ? 'timeout' : 'network');
    return fail(opts, err, i18n.t(timedOut ? 'request.timeout' : 'request.failed'));
  }
  clearTimeout(timer);

  if (res.ok) {
    if (opts.responseType === 'blob') return (await res.blob()) as T;
    return (await readBody(res)) as T;
  }

  let parsed: unknown;
  if (opts.responseType === 'blob') {
    try {
      parsed = JSON.parse(await (await res.blob()).text());
    } catch {
      const err = new ApiError('download error', res.status, 'download');
      return fail(opts, err, i18n.t('request.downloadError'), NOTIFY_DURATION_S);
    }
  } else {
    parsed = await readBody(res);
  }
  const errBody = (parsed && typeof parsed === 'object' ? parsed : {}) as {
    status?: number;
    code?: string;
    message?: string;
    field?: string;
    reason?: string;
  };
  const status = errBody.status;
  const err = new ApiError(errBody.message ?? res.statusText, status ?? res.status, errBody.code, parsed);
  if (status === undefined) return fail(opts, err, i18n.t('request.failed'));
  if (status === 401) {
    // Only a request made with the current token can lose the session (not one sent after a logout).
    if (!opts.ignoreUnauthorized && token && getToken() === token) handleUnauthorized();
    throw err;
  }
  if (status === 403 && errBody.code === 'partner.required') {
    // Not a missing permission: the page stays in the layout and the invitation reminder shows.
    hooks.needsPartner();
    throw err;
  }
  if (status === 403) {
    hooks.navigate('/401');
    throw err;
  }
  const label = errBody.field ? opts.fieldLabel?.(errBody.field) : undefined;
  const text = label
    ? errBody.code?.startsWith('unique.')
      ? i18n.t('request.fieldTaken', { label })
      : i18n.t('request.fieldInvalid', { label, reason: errBody.reason ?? errBody.message })
    : messageFor(errBody.message, errBody.code);
  return fail(opts, err, text, NOTIFY_DURATION_S);
}

export const http = {
  get: <T>(url: string, params?: RequestOptions['params'], opts?: RequestOptions) =>
    request<T>('GET', url, { ...opts, params }),
  post: <T>(url: string, data?: unknown, opts?: RequestOptions) => request<T>('POST', url, { ...opts, data }),
  put: <T>(url: string, data?: unknown, opts?: RequestOptions) => request<T>('PUT', url, { ...opts, data }),
  del: <T>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, opts),
};
