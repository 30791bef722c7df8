/**
 * The auth admin calls RLS cannot express: banning a user so sign-in is refused too, deleting the auth
 * user (which cascades to the profile and certificates), and inviting an address without an account.
 * They need the service role key.
 */
import { HttpError } from './errors.ts';

/** GoTrue's "forever": a hundred years. */
export const BAN_FOREVER = '876000h';

/** The auth service's answer to an invitation it refused: GoTrue's status, error code and message. */
export interface InviteRefusal {
  status: number;
  code: string;
  message: string;
}

export class AuthAdminClient {
  readonly #auth: string;
  readonly #base: string;
  readonly #serviceRoleKey: string;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.#auth = `${supabaseUrl}/auth/v1`;
    this.#base = `${this.#auth}/admin/users`;
    this.#serviceRoleKey = serviceRoleKey;
  }

  get #headers(): Record<string, string> {
    return {
      apikey: this.#serviceRoleKey,
      authorization: `Bearer ${this.#serviceRoleKey}`,
      'content-type': 'application/json',
    };
  }

  async #call(method: string, userId: string, body: unknown): Promise<Response> {
    const response = await fetch(`${this.#base}/${encodeURIComponent(userId)}`, {
      method,
      headers: this.#headers,
      body: JSON.stringify(body),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      throw new HttpError(404, 'User not found');
    }
    if (!response.ok) {
      const text = await response.text();
      throw new Error(`Auth admin ${method} answered ${response.status}: ${text.slice(0, 200)}`);
    }
    return response;
  }

  /** `duration` is a Go duration such as BAN_FOREVER, or 'none' to lift a ban. */
  async setBan(userId: string, duration: string): Promise<void> {
    const response = await this.#call('PUT', userId, { ban_duration: duration });
    await response.body?.cancel();
  }

  async deleteUser(userId: string): Promise<void> {
    const response = await this.#call('DELETE', userId, { should_soft_delete: false });
    await response.body?.cancel();
  }

  /**
   * GoTrue `POST /invite` (supabase-js `auth.admin.inviteUserByEmail`): creates the account without a
   * password if needed and mails the "invite" link. Answers null when sent, else GoTrue's refusal
   * (422 `email_exists` for a confirmed address); a network failure throws.
   */
  async invite(
    email: string,
    options: { redirectTo?: string | undefined; data?: Record<string, unknown> } = {},
  ): Promise<InviteRefusal | null> {
    const url = new URL(`${this.#auth}/invite`);
    if (options.redirectTo) url.searchParams.set('redirect_to', options.redirectTo);
    const response = await fetch(url, {
      method: 'POST',
      headers: this.#headers,
      body: JSON.stringify({ email, data: options.data ?? {} }),
    });
    if (response.ok) {
      await response.body?.cancel();
      return null;
    }
    const text = await response.text();
    let body: { code?: unknown; error_code?: unknown; message?: unknown; msg?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    const code =
      typeof body.code === 'string' ? body.code : typeof body.error_code === 'string' ? body.error_code : '';
    const message =
      typeof body.message === 'string'
        ? body.message
        : typeof body.msg === 'string'
          ? body.msg
          : text.slice(0, 200);
    return { status: response.status, code, message: message || `HTTP ${response.status}` };
  }
}
