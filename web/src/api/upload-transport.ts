/**
 * A `fetch` look-alike on XMLHttpRequest, used only when a caller wants upload progress: fetch has
 * no way to report how many bytes of a request body have been sent.
 */

/** How far the request body has gone: bytes handed to the network so far, of `total`. */
export interface UploadProgress {
  sent: number;
  total: number;
  /** True once the whole body is sent and only the server's answer is outstanding. */
  done: boolean;
}

export type UploadProgressListener = (progress: UploadProgress) => void;

export interface TransportInit {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

/** Statuses whose Response may not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name the Headers class refuses is not one this client reads.
    }
  }
  return headers;
}

/**
 * Sends one request through XMLHttpRequest and resolves with a `Response`, as `fetch` would:
 * rejects with a TypeError when no response arrives and with an AbortError when `signal` aborts.
 * `onUploadProgress` hears every upload progress event and once more when the body is fully sent.
 */
export function fetchWithUploadProgress(
  url: string,
  init: TransportInit,
  onUploadProgress: UploadProgressListener,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (init.signal.aborted) {
      reject(init.signal.reason ?? new DOMException('The request was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const total = init.body === undefined ? 0 : new TextEncoder().encode(init.body).byteLength;
    let uploadDone = false;
    const finishUpload = () => {
      if (uploadDone) return;
      uploadDone = true;
      onUploadProgress({ sent: total, total, done: true });
    };

    const onAbort = () => xhr.abort();
    init.signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => init.signal.removeEventListener('abort', onAbort);

    xhr.open(init.method, url, true);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      const sent = Math.min(event.loaded, total);
      if (sent >= total) finishUpload();
      else onUploadProgress({ sent, total, done: false });
    });
    xhr.upload.addEventListener('load', finishUpload);
    xhr.addEventListener('load', () => {
      settle();
      finishUpload();
      const status = xhr.status;
      if (status < 200 || status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      const body = NULL_BODY_STATUSES.has(status) ? null : xhr.responseText;
      resolve(
        new Response(body, {
          status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new TypeError('Network request timed out'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(init.signal.reason ?? new DOMException('The request was aborted', 'AbortError'));
    });
    if (total === 0) finishUpload();
    else onUploadProgress({ sent: 0, total, done: false });
    xhr.send(init.body ?? null);
  });
}
