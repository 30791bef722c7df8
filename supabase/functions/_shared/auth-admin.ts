/**
 * The two auth admin calls RLS cannot express: banning a user so sign-in is refused too, and deleting
 * the auth user (which cascades to the profile and certificates). They need the service role key.
 */
import { HttpError } from './errors.ts';

/** GoTrue's "forever": a hundred years. */
export const BAN_FOREVER = '876000h';

export class AuthAdminClient {
  readonly #base: string;
  readonly #serviceRoleKey: string;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.#base = `${supabaseUrl}/auth/v1/admin/users`;
    this.#serviceRoleKey = serviceRoleKey;
  }

  async #call(method: string, userId: string, body: unknown): Promise<Response> {
    const response = await fetch(`${this.#base}/${encodeURIComponent(userId)}`, {
      method,
      headers: {
        apikey: this.#serviceRoleKey,
        authorization: `Bearer ${this.#serviceRoleKey}`,
        'content-type': 'application/json',
      },
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
}
