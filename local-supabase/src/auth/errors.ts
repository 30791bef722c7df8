/**
 * GoTrue's error envelope. Clients that send `X-Supabase-Api-Version: 2024-01-01` (supabase-js always
 * does) get `{code, message}` and the version echoed back; older clients get the legacy
 * `{code: <status>, error_code, msg}` shape plus an `x-sb-error-code` header.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  /** Extra response headers (e.g. Retry-After). */
  headers: Record<string, string> = {};

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Extra top-level fields (e.g. `weak_password`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

/** GoTrue picks the closest known version not after the requested date; invalid dates mean "initial". */
function usesVersion2024(c: Context): boolean {
  const requested = c.req.header(API_VERSION_HEADER);
  if (!requested || !/^\d{4}-\d{2}-\d{2}$/.test(requested)) return false;
  const time = Date.parse(`${requested}T00:00:00Z`);
  return Number.isFinite(time) && time >= Date.parse(`${API_VERSION_2024}T00:00:00Z`);
}

export function errorResponse(c: Context, error: AuthError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  if (usesVersion2024(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: error.code, message: error.message, ...error.extra }, error.status);
  }
  c.header('x-sb-error-code', error.code);
  return c.json(
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    error.status,
  );
}
