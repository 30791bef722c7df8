import { fetchWithUploadProgress, type UploadProgressListener } from './upload-transport';

/**
 * The spec's 20 s timeout (contract HTTP_TIMEOUT_MS). Kept here as a literal so the landing page's
 * bundle does not pull in the contract module and zod; a test checks the two agree.
 */
export const HTTP_TIMEOUT_MS = 20_000;

/** Used when neither the server nor the transport says anything useful. */
export const GENERIC_ERROR_MESSAGE = 'Request failed';
/** What a timed-out request says, with the time it was given. */
export const timeoutMessage = (ms: number) =>
  `The request timed out after ${ms / 1000} seconds. Please try again.`;
export const TIMEOUT_MESSAGE = timeoutMessage(HTTP_TIMEOUT_MS);
export const NETWORK_ERROR_MESSAGE =
  'Unable to reach the server. Please check your connection and try again.';

/**
 * Every failure of the adapter. `message` follows the spec's rule: the body's `error`, else its
 * `message`, else the transport's message (timeout, network), else the operation's default message.
 * `status` is the HTTP status, or 0 when no response arrived. `code` carries an auth error code
 * (e.g. `invalid_credentials`) where there is one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(message: string, options: { status: number; code?: string; body?: unknown; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
  }

  get isTimeout(): boolean {
    return this.code === 'timeout';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The spec's default message for this operation, used when the server gives none. */
  defaultMessage?: string;
  /** Cancels the request (TanStack Query passes one); a cancellation is rethrown as is. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for one call (a queued batch job, not an interactive screen). */
  timeoutMs?: number;
  /**
   * Hears how much of the request body has been sent. Only XMLHttpRequest reports that, so a call
   * with a listener goes through it instead of fetch (same headers, timeout and error handling).
   */
  onUploadProgress?: UploadProgressListener;
  /** 'blob' reads a successful answer as a Blob (a file download); an error is still read as JSON. */
  responseType?: 'json' | 'blob';
}

export interface ApiClientOptions {
  /** `${supabaseUrl}/functions/v1/api`. */
  baseUrl: string;
  anonKey: string;
  /** The signed-in user's access token, or null for anonymous calls. */
  getAccessToken: () => Promise<string | null>;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export type ApiRequest = <T>(path: string, options?: RequestOptions) => Promise<T>;

function messageFromBody(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error.trim() !== '') return error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Builds the JSON client for the `api` edge function (spec section 7). */
export function createApiClient(options: ApiClientOptions): ApiRequest {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const defaultMessage = init.defaultMessage ?? GENERIC_ERROR_MESSAGE;
    const token = await options.getAccessToken();
    const headers: Record<string, string> = {
      apikey: options.anonKey,
      Authorization: `Bearer ${token ?? options.anonKey}`,
      Accept: 'application/json',
    };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), init.timeoutMs ?? timeoutMs);
    const timedOutMessage = init.timeoutMs === undefined ? TIMEOUT_MESSAGE : timeoutMessage(init.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;

    let response: Response;
    try {
      const url = buildUrl(options.baseUrl, path, init.query);
      const transportInit = {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal,
      };
      response = init.onUploadProgress
        ? await fetchWithUploadProgress(url, transportInit, init.onUploadProgress)
        : await fetchImpl(url, transportInit);
    } catch (cause) {
      clearTimeout(timer);
      if (init.signal?.aborted) throw cause;
      if (timeout.signal.aborted) {
        throw new ApiError(timedOutMessage, { status: 0, code: 'timeout', cause });
      }
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network', cause });
    }

    let body: unknown;
    try {
      body = init.responseType === 'blob' && response.ok ? await response.blob() : await readBody(response);
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      const timedOut = timeout.signal.aborted;
      throw new ApiError(timedOut ? timedOutMessage : NETWORK_ERROR_MESSAGE, {
        status: response.status,
        code: timedOut ? 'timeout' : 'network',
        cause,
      });
    } finally {
      clearTimeout(timer);
    }

    if (!response.ok) {
      throw new ApiError(messageFromBody(body) ?? defaultMessage, { status: response.status, body });
    }
    return body as T;
  };
}

/** Reads the message of anything thrown, for screens that show `error.message`. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
