/**
 * The few Storage HTTP calls the API makes (`<SUPABASE_URL>/storage/v1`, the same on hosted and
 * locally). Callers pass the token to act with: the user's access token, so storage RLS applies, or
 * the service role key where the rule cannot be expressed in RLS (signing for anonymous verifiers).
 */
export class StorageError extends Error {
  constructor(
    /** The real status Storage reports in its body (it answers every 4xx as HTTP 400). */
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export interface StorageClientOptions {
  supabaseUrl: string;
  /** Sent as `apikey`, as supabase-js does. */
  apiKey: string;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export class StorageClient {
  readonly #base: string;
  readonly #apiKey: string;

  constructor(options: StorageClientOptions) {
    this.#base = `${options.supabaseUrl}/storage/v1`;
    this.#apiKey = options.apiKey;
  }

  async #request(
    token: string,
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${this.#base}${path}`, {
      method,
      body: init.body ?? null,
      headers: { apikey: this.#apiKey, authorization: `Bearer ${token}`, ...init.headers },
    });
    if (!response.ok) {
      const text = await response.text();
      let statusCode = response.status;
      let message = `Storage answered ${response.status}`;
      try {
        const body = JSON.parse(text) as { statusCode?: string; message?: string; error?: string };
        statusCode = Number(body.statusCode ?? response.status) || response.status;
        message = body.message ?? body.error ?? message;
      } catch {
        // Not JSON: keep the generic message.
      }
      throw new StorageError(statusCode, message);
    }
    return response;
  }

  /** Uploads without overwriting (a clash means a logic error, so it must fail). */
  async upload(
    token: string,
    bucket: string,
    path: string,
    bytes: Uint8Array,
    contentType: string,
  ): Promise<void> {
    const response = await this.#request(token, 'POST', `/object/${bucket}/${encodePath(path)}`, {
      // Deno's fetch takes any Uint8Array; the DOM typing only admits ArrayBuffer-backed ones.
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': contentType, 'cache-control': 'max-age=3600', 'x-upsert': 'false' },
    });
    await response.body?.cancel();
  }

  /** Removes objects by exact name; objects the token may not delete are silently skipped, as on Supabase. */
  async remove(token: string, bucket: string, paths: string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    const response = await this.#request(token, 'DELETE', `/object/${bucket}`, {
      body: JSON.stringify({ prefixes: paths }),
      headers: { 'content-type': 'application/json' },
    });
    const removed = (await response.json()) as { name: string }[];
    return removed.map((row) => row.name);
  }

  /** Lists one folder level (names relative to `prefix`). */
  async list(token: string, bucket: string, prefix: string): Promise<string[]> {
    const names: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const response = await this.#request(token, 'POST', `/object/list/${bucket}`, {
        body: JSON.stringify({ prefix, limit: 100, offset, sortBy: { column: 'name', order: 'asc' } }),
        headers: { 'content-type': 'application/json' },
      });
      const page = (await response.json()) as { name: string; id: string | null }[];
      names.push(...page.filter((entry) => entry.id !== null).map((entry) => entry.name));
      if (page.length < 100) return names;
    }
  }

  /** The stored bytes of one object (authenticated download). */
  async download(token: string, bucket: string, path: string): Promise<Uint8Array> {
    const response = await this.#request(
      token,
      'GET',
      `/object/authenticated/${bucket}/${encodePath(path)}`,
      {},
    );
    return new Uint8Array(await response.arrayBuffer());
  }

  /** A URL anyone holding it can download from until it expires. */
  async signedUrl(token: string, bucket: string, path: string, expiresInSeconds: number): Promise<string> {
    const response = await this.#request(token, 'POST', `/object/sign/${bucket}/${encodePath(path)}`, {
      body: JSON.stringify({ expiresIn: expiresInSeconds }),
      headers: { 'content-type': 'application/json' },
    });
    const { signedURL } = (await response.json()) as { signedURL: string };
    return `${this.#base}${signedURL}`;
  }

  /** Signs many paths in one call; a path that cannot be signed maps to null. */
  async signedUrls(
    token: string,
    bucket: string,
    paths: string[],
    expiresInSeconds: number,
  ): Promise<Map<string, string | null>> {
    const urls = new Map<string, string | null>();
    if (paths.length === 0) return urls;
    const response = await this.#request(token, 'POST', `/object/sign/${bucket}`, {
      body: JSON.stringify({ expiresIn: expiresInSeconds, paths }),
      headers: { 'content-type': 'application/json' },
    });
    const rows = (await response.json()) as {
      path: string | null;
      signedURL: string | null;
      error: string | null;
    }[];
    rows.forEach((row, index) => {
      const path = row.path ?? paths[index];
      if (path) urls.set(path, row.signedURL ? `${this.#base}${row.signedURL}` : null);
    });
    return urls;
  }
}
