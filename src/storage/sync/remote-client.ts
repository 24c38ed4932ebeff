/**
 * Requests to the thread store at `storage-url`, with the element's `headers` and `credentials`.
 * A failure is a `SyncFailure` that says what the sync should do about it: wait for the network,
 * pause until the person signs in again, leave the change out, or try again later.
 */
import { resolveHeaders, type HeadersInput } from '../../protocol/http.js';
import { errorText } from '../../internal/errors.js';
import { isRecord } from '../../internal/guards.js';
import { BLOB_NAME } from '../sync-wire.js';

export interface RemoteSettings {
  /** The thread store's base URL. */
  url: string;
  headers?: HeadersInput;
  credentials?: RequestCredentials;
}

/**
 * `offline`: no answer (network down, server gone); `unauthorized`: 401 or 403, the sync pauses;
 * `refused`: a 4xx about what was sent; `server`: a 5xx or an answer that is not the thread store's.
 */
export type SyncFailureKind = 'offline' | 'unauthorized' | 'refused' | 'server';

export class SyncFailure extends Error {
  constructor(
    readonly kind: SyncFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export class RemoteClient {
  constructor(private readonly settings: () => RemoteSettings) {}

  /** `path` under the store's URL (`threads`, `threads/{id}/nodes`…). 404 resolves (the caller decides); other failures throw. */
  async request(method: string, path: string, init: { body?: BodyInit; json?: unknown; signal?: AbortSignal; accept?: string } = {}): Promise<Response> {
    const { url, headers, credentials } = this.settings();
    const base = url.endsWith('/') ? url : url + '/';
    const sent: Record<string, string> = { accept: init.accept ?? 'application/json', ...(await resolveHeaders(headers)) };
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      sent['content-type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await fetch(new URL(path, new URL(base, location.href)), {
        method,
        headers: sent,
        body,
        credentials: credentials ?? 'same-origin',
        signal: init.signal,
        cache: 'no-store',
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new SyncFailure('offline', `The conversation server could not be reached (${errorText(error)}).`);
    }
    if (response.ok || response.status === 404) return response;
    const said = await response.text().then(
      (text) => {
        try {
          const parsed: unknown = JSON.parse(text);
          return isRecord(parsed) && typeof parsed.error === 'string' ? parsed.error.slice(0, 300) : '';
        } catch {
          return '';
        }
      },
      () => '',
    );
    const status = response.status;
    const kind: SyncFailureKind = status === 401 || status === 403 ? 'unauthorized' : status >= 400 && status < 500 && status !== 408 && status !== 429 ? 'refused' : 'server';
    throw new SyncFailure(kind, `The conversation server answered ${status}${said ? `: ${said.replace(/\.+$/, '')}` : ''}.`, status);
  }

  /** A JSON answer (undefined for a 404), checked to be an object. */
  async json(method: string, path: string, init: { json?: unknown; signal?: AbortSignal } = {}): Promise<Record<string, unknown> | undefined> {
    const response = await this.request(method, path, init);
    if (response.status === 404) return undefined;
    if (response.status === 204) return {};
    let value: unknown;
    try {
      value = await response.json();
    } catch {
      throw new SyncFailure('server', 'The conversation server answered with something that is not JSON.');
    }
    if (!isRecord(value)) throw new SyncFailure('server', 'The conversation server answered with something that is not a JSON object.');
    return value;
  }

  /** Uploads a blob (named by the SHA-256 of its bytes). */
  async putBlob(sha256: string, blob: Blob): Promise<void> {
    if (!BLOB_NAME.test(sha256)) throw new SyncFailure('refused', 'Not a blob name.');
    const response = await this.request('PUT', `blobs/${sha256}`, { body: blob });
    if (response.status === 404) throw new SyncFailure('refused', 'The conversation server does not keep files.', 404);
  }

  /**
   * A blob's bytes, checked against their name; undefined when the server has none by that name,
   * they do not match, or there are more than `size` of them (what the message says the file holds).
   */
  async getBlob(sha256: string, mimeType: string, size: number): Promise<Blob | undefined> {
    const response = await this.request('GET', `blobs/${sha256}`, { accept: '*/*' });
    const declared = Number(response.headers.get('content-length'));
    if (response.status === 404 || declared > size) {
      void response.body?.cancel();
      return undefined;
    }
    const bytes = await response.arrayBuffer();
    if (bytes.byteLength > size) return undefined;
    if ((await sha256Of(bytes)) !== sha256) return undefined;
    return new Blob([bytes], { type: mimeType });
  }
}

/** The SHA-256 of `bytes` in lower-case hex; undefined where the page cannot hash (not a secure context). */
export async function sha256Of(bytes: ArrayBuffer): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
