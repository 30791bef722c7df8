/**
 * The api's line to the `engine` function (registration and comparison), server to server with
 * the service role key. A busy or restarting engine (503, or 546 when it hit the runtime's limits)
 * is retried briefly; after that the caller gets a retryable 503.
 */
import type {
  BackfillResponse,
  ReadResponse,
  RegisterResponse,
  StampRequest,
  VerifyResponse,
} from '../../_shared/verification/engine-protocol.ts';
import { HttpError } from '../../_shared/errors.ts';
import { fetchWithRetry } from '../../_shared/http/retry.ts';
import { SERVER_TIMING, type StageTimer } from '../../_shared/http/server-timing.ts';

export class EngineUnavailableError extends HttpError {
  constructor() {
    super(
      503,
      'The verification engine is busy; please try again in a few seconds',
      {},
      { 'Retry-After': '5' },
    );
  }
}

export class EngineClient {
  readonly #base: string;
  readonly #serviceRoleKey: string;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.#base = `${supabaseUrl}/functions/v1/engine`;
    this.#serviceRoleKey = serviceRoleKey;
  }

  /** The engine's answer when it is a success; an HttpError for its 4xx, else EngineUnavailableError. */
  async #send(path: string, body: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetchWithRetry(`${this.#base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.#serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      console.error('api: engine unreachable', error);
      throw new EngineUnavailableError();
    }
    if (response.ok) return response;
    const text = await response.text();
    if ([400, 413, 415, 422].includes(response.status)) {
      let message = 'The file could not be compared';
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? message;
      } catch {
        // A non-JSON 4xx keeps the generic message.
      }
      throw new HttpError(response.status as 400 | 413 | 415 | 422, message);
    }
    console.error('api: engine answered', response.status, text.slice(0, 200));
    throw new EngineUnavailableError();
  }

  async #post<T>(path: string, body: unknown): Promise<T> {
    return (await (await this.#send(path, body)).json()) as T;
  }

  register(certificateId: string, fileData: string): Promise<RegisterResponse> {
    return this.#post('/register', { certificateId, fileData });
  }

  /** `timer` gets the hop as `engine` and the engine's own stages as `engine-*`. */
  verify(fileData: string, timer?: StageTimer): Promise<VerifyResponse> {
    if (!timer) return this.#post('/verify', { fileData });
    return timer.time('engine', async () => {
      const response = await this.#send('/verify', { fileData });
      timer.merge(response.headers.get(SERVER_TIMING), 'engine-');
      return (await response.json()) as VerifyResponse;
    });
  }

  read(fileData: string): Promise<ReadResponse> {
    return this.#post('/read', { fileData });
  }

  /** The verifiable copy's bytes (PNG or PDF). */
  async stamp(request: StampRequest): Promise<Uint8Array> {
    return new Uint8Array(await (await this.#send('/stamp', request)).arrayBuffer());
  }

  backfill(limit: number): Promise<BackfillResponse> {
    return this.#post('/backfill', { limit });
  }
}
