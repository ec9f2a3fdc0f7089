import { OUTAGE, type ApiError } from '@runpledge/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The JSON body of a failed call: usually the gateway's `{statusCode, error, message}`, with
 * extra fields on some calls (e.g. `needsReconnect` on a Strava sync).
 */
export type ApiErrorBody = Partial<ApiError> & Record<string, unknown>;

/** Thrown for every non-2xx answer; the message is the one spec section 8 prescribes. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly body: ApiErrorBody | undefined;

  constructor(response: Response, body: ApiErrorBody | undefined) {
    super(`API request failed: ${response.statusText}`);
    this.status = response.status;
    this.body = body;
  }
}

export interface ApiRequestOptions {
  /**
   * Sent as `Idempotency-Key`: the gateway answers a repeat of the key with the first answer and
   * does the write once. With a key, a 503 (an outage) or a lost connection is retried with it.
   */
  idempotencyKey?: string;
}

/** Retries of a keyed write after a 503 or a lost connection, and the longest wait before one. */
const KEYED_RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5_000;

const actionKeys = new WeakMap<object, string>();

/**
 * The Idempotency-Key of one user action: the same object (the mutation's variables, which
 * TanStack Query passes again on a retry) gets the same key; a new action, a new key.
 */
export function idempotencyKeyFor(action: object): string {
  let key = actionKeys.get(action);
  if (key === undefined) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    actionKeys.set(action, key);
  }
  return key;
}

/** Sends a JSON request to the gateway (same origin, session cookie included) and returns its JSON. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
    },
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  let response: Response;
  for (let attempt = 0; ; attempt++) {
    const retry = options.idempotencyKey !== undefined && attempt < KEYED_RETRIES;
    try {
      response = await fetch(path, init);
    } catch (error) {
      // The answer was lost: the same key makes a second send safe.
      if (!retry) throw error;
      await wait(OUTAGE.retryAfterSeconds * 1000);
      continue;
    }
    if (response.status !== 503 || !retry) break;
    const seconds = Number(response.headers.get('retry-after'));
    await wait(Math.min(MAX_RETRY_WAIT_MS, (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000));
  }
  if (!response.ok) {
    throw new ApiRequestError(response, await readErrorBody(response));
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// An error page from a proxy (HTML, or nothing) must not hide the HTTP error behind a parse error.
async function readErrorBody(response: Response): Promise<ApiErrorBody | undefined> {
  try {
    const parsed: unknown = JSON.parse(await response.text());
    return typeof parsed === 'object' && parsed !== null ? (parsed as ApiErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  /**
   * A write a client may retry (create page, encouragement, challenge claim, manual run, checkout):
   * sent with the Idempotency-Key of `action` (default the body object), retried on an outage.
   */
  postOnce: <T>(path: string, body: object, action: object = body) =>
    apiRequest<T>('POST', path, body, { idempotencyKey: idempotencyKeyFor(action) }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
