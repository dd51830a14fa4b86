/**
 * The one HTTP client of the portal: every API call goes through it.
 *
 * - base address: customFields.apiUrl, set once by the theme Root through `setApiBaseUrl`
 *   (or injected with `createApiClient({baseUrl})` in tests);
 * - `Authorization: Bearer <token>` when localStorage `token` holds one;
 * - any `x-new-token` response header silently replaces the stored token;
 * - any non-2xx answer throws a typed `ApiError`; a failed fetch throws an `ApiError` with
 *   code NETWORK_ERROR and status 0; there is no request timeout;
 * - any 401 removes the stored token and notifies the subscribers (the auth store);
 * - it never shows UI and never navigates.
 */
import {DEFAULT_API_URL} from '@intakekit/contract/constants';
import type {ErrorBody as ContractErrorBody} from '@intakekit/contract/errors';

import {TOKEN_KEY} from './stored-session';

export {TOKEN_KEY};

/** A refusal as read off the wire: the contract's shape, any part of which may be missing. */
export interface ErrorBody {
  error?: Partial<ContractErrorBody['error']>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  /** The answer's Retry-After in seconds (a lock, a rate limit), when it had one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    body?: unknown;
    cause?: unknown;
    retryAfterSeconds?: number;
  }) {
    super(init.message, init.cause === undefined ? undefined : {cause: init.cause});
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Retry-After as whole seconds (the API sends seconds, never a date); undefined when absent or unreadable. */
function retryAfter(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Where the token lives; localStorage in the browser, a memory map in tests. */
export interface TokenStorage {
  get(): string | null;
  set(token: string): void;
  remove(): void;
}

export const browserTokenStorage: TokenStorage = {
  get() {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token) {
    try {
      localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // Storage unavailable (private mode, quota): the session lasts for this page only.
    }
  },
  remove() {
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      // Nothing stored.
    }
  },
};

export function memoryTokenStorage(initial: string | null = null): TokenStorage {
  let value = initial;
  return {
    get: () => value,
    set: (token) => {
      value = token;
    },
    remove: () => {
      value = null;
    },
  };
}

/** A 401 carries the API's code and message: why the session ended, when it says (SESSION_IDLE...). */
export type AuthEvent = {type: 'token'; token: string} | {type: 'unauthorized'; code?: string; message?: string};

export interface RequestOptions {
  /** JSON body; omitted for GET and for calls that take no body. */
  body?: unknown;
  signal?: AbortSignal;
  /** The session token to send instead of the stored one (sign-out forgets it before the call). */
  token?: string;
  /** Let the request outlive the page (fetch's keepalive): a sign-out sent as the tab closes still arrives. */
  keepalive?: boolean;
  /** Told the answer's HTTP status before the body is read (the API reference's Try it shows it). */
  onStatus?: (status: number) => void;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** SWR fetcher: the key is the path. */
  fetcher: <T>(path: string) => Promise<T>;
  storage: TokenStorage;
  /** Subscribe to token replacements and 401s. Returns the unsubscribe function. */
  subscribe(listener: (event: AuthEvent) => void): () => void;
}

export interface ApiClientOptions {
  baseUrl: string | (() => string);
  fetch?: typeof fetch;
  storage?: TokenStorage;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFields(body: unknown): {code?: string; message?: string} {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as ErrorBody).error;
    if (error && typeof error === 'object') {
      return {
        code: typeof error.code === 'string' ? error.code : undefined,
        message: typeof error.message === 'string' ? error.message : undefined,
      };
    }
  }
  return {};
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const storage = options.storage ?? browserTokenStorage;
  const listeners = new Set<(event: AuthEvent) => void>();
  const emit = (event: AuthEvent) => {
    for (const listener of listeners) listener(event);
  };
  const baseUrl = () =>
    (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/+$/, '');

  async function request<T>(
    method: string,
    path: string,
    {body, signal, token: given, keepalive, onStatus}: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = {Accept: 'application/json'};
    const token = given ?? storage.get();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await doFetch(`${baseUrl()}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        ...(keepalive && {keepalive}),
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({
        status: 0,
        code: 'NETWORK_ERROR',
        message: cause instanceof Error ? cause.message : 'Network request failed',
        cause,
      });
    }

    onStatus?.(response.status);
    const newToken = response.headers.get('x-new-token');
    if (newToken) {
      storage.set(newToken);
      emit({type: 'token', token: newToken});
    }

    const data = await readBody(response);
    if (!response.ok) {
      const {code, message} = errorFields(data);
      if (response.status === 401) {
        storage.remove();
        emit({type: 'unauthorized', code, message});
      }
      throw new ApiError({
        status: response.status,
        code: code ?? (response.status >= 500 ? 'SERVER_ERROR' : `HTTP_${response.status}`),
        message: message ?? `Request failed with status ${response.status}`,
        body: data,
        retryAfterSeconds: retryAfter(response),
      });
    }
    return data as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, {...opts, body}),
    patch: (path, body, opts) => request('PATCH', path, {...opts, body}),
    del: (path, body, opts) => request('DELETE', path, {...opts, body}),
    fetcher: (path) => request('GET', path),
    storage,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let apiBaseUrl = DEFAULT_API_URL;

/** Called once by the theme Root with customFields.apiUrl (see site-config.ts). */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url;
}

/** The portal's client: every page and hook goes through it. */
export const apiClient: ApiClient = createApiClient({baseUrl: () => apiBaseUrl});
