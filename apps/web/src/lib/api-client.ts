import type { ZodType } from 'zod';
import { XSRF_COOKIE } from '@partner-portal/shared/constants';
import type { ErrorCode } from '@partner-portal/shared/api';
import type { PlanId } from '@partner-portal/shared/plans';
import type { ImportProblem } from '@partner-portal/shared/report-import';
import { getLocale, getSession } from './session-store';
import { i18n } from './i18n';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any non-2xx answer (docs/product.md#errors fields), or status 0 when there was no answer at all. */
export class ApiError extends Error {
  readonly status: number;
  /** What the client may act on beyond the status (step-up, 2FA needed). */
  readonly code?: ErrorCode;
  readonly inputError?: string;
  readonly plan?: PlanId;
  readonly requestId?: string;
  /** A refused file: its first problems, and how many it has in all. */
  readonly problems?: ImportProblem[];
  readonly problemCount?: number;

  constructor(
    status: number,
    message: string,
    extra: {
      code?: ErrorCode;
      inputError?: string;
      plan?: PlanId;
      requestId?: string;
      problems?: ImportProblem[];
      problemCount?: number;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = extra.code;
    this.inputError = extra.inputError;
    this.plan = extra.plan;
    this.requestId = extra.requestId;
    this.problems = extra.problems;
    this.problemCount = extra.problemCount;
  }
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/** A success: its data (checked by the call's schema) and, optionally, a message to show. */
export interface ApiAnswer<T> {
  data: T;
  message?: string;
}

/** What a form sends: JSON of its values, or multipart when a field holds files. */
export type RequestBody = Record<string, unknown> | FormData;

export interface RequestOptions<T> {
  body?: unknown;
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

/** Bearer token and Accept-Language, and the XSRF header on unsafe methods: own origin only. */
function requestHeaders(method: HttpMethod, url: string): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLocale() });
  const sameOrigin = isSameOrigin(url);
  const token = getSession()?.token;
  if (token && sameOrigin) headers.set('Authorization', `Bearer ${token}`);
  if (method !== 'GET' && sameOrigin) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
  return headers;
}

/** The error an answer carries; its schema (and zod) loads with the first refusal, not at start. */
async function errorOf(status: number, payload: unknown): Promise<ApiError> {
  const parsed = await import('@partner-portal/shared/api').then(
    ({ ErrorResponseSchema }) => ErrorResponseSchema.safeParse(payload),
    // The schema's chunk could not load (offline): the generic message, not a crash.
    () => null,
  );
  return parsed?.success
    ? new ApiError(status, parsed.data.message, parsed.data)
    : new ApiError(status, i18n.t('global.error.generic'));
}

/** A file our API serves (an invoice PDF), fetched with the same headers as any call. */
export async function apiBlob(url: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: requestHeaders('GET', url),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, i18n.t('global.error.network'));
  }
  if (!response.ok) throw await errorOf(response.status, await response.json().catch(() => null));
  return response.blob();
}

/**
 * docs/product.md#api-calls calls: JSON (or multipart for FormData), bearer token and Accept-Language from the
 * stored user, and the XSRF header on unsafe methods — only to our own origin.
 */
async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  options: RequestOptions<T> = {},
): Promise<ApiAnswer<T>> {
  const headers = requestHeaders(method, url);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('global.error.network'));
  }

  const payload: unknown = await response.json().catch(() => null);
  return readAnswer(method, url, response.status, payload, options.schema);
}

/**
 * An answer's `{ data, message }`, its data checked by `schema` when given; a non-2xx status
 * throws the error it carries. One reading for fetch() calls and uploads alike.
 */
async function readAnswer<T>(
  method: HttpMethod,
  url: string,
  status: number,
  payload: unknown,
  schema?: ZodType<T>,
): Promise<ApiAnswer<T>> {
  if (status < 200 || status >= 300) throw await errorOf(status, payload);
  const envelope = (payload ?? {}) as { data?: unknown; message?: string };
  let data = envelope.data as T;
  if (schema) {
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) {
      // The server did answer, so this is not a connection problem: say it went wrong and keep
      // the details for whoever looks at the console.
      console.warn(`Unreadable answer from ${method} ${url}`, parsed.error.issues);
      throw new ApiError(status, i18n.t('global.error.generic'));
    }
    data = parsed.data;
  }
  return envelope.message === undefined ? { data } : { data, message: envelope.message };
}

export const api = {
  get: <T>(url: string, options?: RequestOptions<T>) => apiRequest<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('PATCH', url, { ...options, body }),
  delete: <T>(url: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('DELETE', url, { ...options, body }),
};

/**
 * A file sent as the request body, with upload progress (0–1) as it goes: fetch() reports no
 * upload progress, so this one call uses XMLHttpRequest, with the same headers and errors.
 */
export function apiUpload<T>(
  url: string,
  file: Blob,
  options: {
    contentType: string;
    schema: ZodType<T>;
    /** POST unless the route takes the file with PUT. */
    method?: 'POST' | 'PUT';
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<ApiAnswer<T>> {
  const method = options.method ?? 'POST';
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    requestHeaders(method, url).forEach((value, name) => request.setRequestHeader(name, value));
    request.setRequestHeader('Content-Type', options.contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, i18n.t('global.error.network')));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        // An answer that is not JSON (a proxy's error page) is handled as no envelope.
      }
      readAnswer(method, url, request.status, payload, options.schema).then(resolve, reject);
    };
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
