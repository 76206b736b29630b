import type { ErrorEnvelope } from '@campus/contracts/errors';

/**
 * The one way the client talks to the campus API.
 *
 * - every request carries `X-Requested-With: XMLHttpRequest` (the server refuses XHRs without it);
 * - bodies travel as JSON;
 * - every failure rejects with an {@link ApiError} carrying `message`, `status` and `code`;
 * - failures not named in `skipStatuses` are also handed to the registered default handler —
 *   the place where the spec's §8 catalogue (popups, login prompt, page errors) lives.
 */

/** Shown when no response arrived at all (spec §8, communication error). */
export const NETWORK_ERROR_MESSAGE = 'エラーが発生しました。通信環境をご確認のうえ、再度実行してください。';
/** Shown when the server answered with an error but not with the JSON envelope. */
export const UNKNOWN_ERROR_MESSAGE = 'エラーが発生しました。時間をおいて再度お試しください。';

/** `status` of an ApiError when no response arrived. */
export const NETWORK_ERROR_STATUS = 0;
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** `code` of an ApiError whose response was not the JSON envelope. */
export const UNKNOWN_ERROR_CODE = 'UNKNOWN_ERROR';
/** `code` of an ApiError whose successful response did not have the expected shape. */
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

export type ApiErrorCode =
  | ErrorEnvelope['code']
  | typeof NETWORK_ERROR_CODE
  | typeof UNKNOWN_ERROR_CODE
  | typeof INVALID_RESPONSE_CODE;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The input field that was wrong, for validation errors. */
  readonly field?: string;
  /** For STALE_VERSION: the newer version another admin saved (the envelope's `current`). */
  readonly current?: unknown;

  constructor(init: { message: string; status: number; code: ApiErrorCode; field?: string; current?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    if (init.field !== undefined) this.field = init.field;
    if (init.current !== undefined) this.current = init.current;
  }

  get isNetworkError(): boolean {
    return this.status === NETWORK_ERROR_STATUS;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The Japanese message to show for any rejection: an ApiError's own message (the API's words for
 * a 4xx, the communication error for no answer), else the generic one. A 5xx's message is whatever
 * broke on the server (「Internal」), never words for a learner: the generic one too (spec §8).
 */
export const errorMessageOf = (error: unknown): string =>
  isApiError(error) && error.status < 500 ? error.message : UNKNOWN_ERROR_MESSAGE;

/** Marks a request as the campus's own XHR; the server refuses state-changing requests without it. */
export const XHR_HEADERS: Readonly<Record<string, string>> = { 'X-Requested-With': 'XMLHttpRequest' };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions<T = unknown> {
  method?: HttpMethod;
  /** Sent as JSON. Leave undefined for a request without a body. */
  body?: unknown;
  /** A file sent as the body itself, with its own media type (the studio's uploads); instead of `body`. */
  file?: Blob;
  /** Appended to the path; arrays repeat the parameter, null/undefined are left out. */
  query?: Record<string, QueryValue>;
  /** Statuses the caller handles itself: no default handling (0 = network failure; 'all' = every failure). */
  skipStatuses?: readonly number[] | 'all';
  /** Bypass the HTTP cache (the spec's noCache, e.g. for /me). */
  noCache?: boolean;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a navigation or a closed tab right after it was sent). */
  keepalive?: boolean;
  /** Checks and types the response body (e.g. a contracts zod schema's `parse`). */
  parse?: (data: unknown) => T;
}

/** What the default handling may need to know of the request that failed. */
export interface ApiRequestFacts {
  method: HttpMethod;
}

/** The default handling of a failed request (spec §8). Installed once by the app. */
export type ApiErrorHandler = (error: ApiError, request: ApiRequestFacts) => void;

let defaultErrorHandler: ApiErrorHandler | undefined;

/** Installs the §8 default handler; returns a function that removes it again. */
export function setApiErrorHandler(handler: ApiErrorHandler | undefined): () => void {
  defaultErrorHandler = handler;
  return () => {
    if (defaultErrorHandler === handler) defaultErrorHandler = undefined;
  };
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    const values: readonly (string | number | boolean)[] = Array.isArray(value) ? value : [value as string];
    for (const item of values) params.append(name, String(item));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.message === 'string' && typeof candidate.code === 'string';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    body = undefined;
  }
  if (isEnvelope(body)) {
    return new ApiError({
      message: body.message,
      status: response.status,
      code: body.code,
      ...(typeof body.field === 'string' ? { field: body.field } : {}),
      ...(body.current === undefined ? {} : { current: body.current }),
    });
  }
  return new ApiError({ message: UNKNOWN_ERROR_MESSAGE, status: response.status, code: UNKNOWN_ERROR_CODE });
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function reject(error: ApiError, options: RequestOptions<unknown>): never {
  const skip = options.skipStatuses;
  if (skip !== 'all' && !skip?.includes(error.status)) defaultErrorHandler?.(error, { method: options.method ?? 'GET' });
  throw error;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...XHR_HEADERS,
  };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  } else if (options.file) {
    headers['Content-Type'] = options.file.type;
    init.body = options.file;
  }
  if (options.noCache) init.cache = 'no-store';
  if (options.signal) init.signal = options.signal;
  if (options.keepalive) init.keepalive = true;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init);
  } catch (cause) {
    // The caller gave up (navigation, unmount): not an error to show.
    if (isAbort(cause)) throw cause;
    return reject(
      new ApiError({ message: NETWORK_ERROR_MESSAGE, status: NETWORK_ERROR_STATUS, code: NETWORK_ERROR_CODE, cause }),
      options,
    );
  }

  if (!response.ok) return reject(await errorFromResponse(response), options);

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    return reject(
      new ApiError({ message: NETWORK_ERROR_MESSAGE, status: NETWORK_ERROR_STATUS, code: NETWORK_ERROR_CODE, cause }),
      options,
    );
  }
  if (!options.parse) return data as T;
  try {
    return options.parse(data);
  } catch (cause) {
    // The server answered something this client does not understand (e.g. a newer contract).
    return reject(
      new ApiError({ message: UNKNOWN_ERROR_MESSAGE, status: response.status, code: INVALID_RESPONSE_CODE, cause }),
      options,
    );
  }
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const apiClient = {
  get: <T>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
