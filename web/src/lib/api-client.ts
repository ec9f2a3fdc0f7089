import type { ApiError } from '@runpledge/contracts';

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

/** Sends a JSON request to the gateway (same origin, session cookie included) and returns its JSON. */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new ApiRequestError(response, await readErrorBody(response));
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
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
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
