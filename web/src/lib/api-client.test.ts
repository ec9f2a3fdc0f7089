// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest, ApiRequestError, idempotencyKeyFor } from './api-client';

function stubFetch(response: Response) {
  // A body can be read once: each call gets its own copy.
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(response.clone()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns the parsed JSON of a successful response', async () => {
    stubFetch(jsonResponse({ profile: { urlSlug: 'jane' } }));

    await expect(apiRequest('GET', '/api/runner-profile/jane')).resolves.toEqual({
      profile: { urlSlug: 'jane' },
    });
  });

  it('sends the method, a JSON content type, same-origin credentials and the JSON body', async () => {
    const fetchMock = stubFetch(jsonResponse({ user: { id: 'u1' } }, { status: 201 }));

    await apiRequest('POST', '/api/auth/signup', {
      email: 'jane@example.com',
      password: 'Secret123',
    });

    expect(fetchMock).toHaveBeenCalledWith('/api/auth/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ email: 'jane@example.com', password: 'Secret123' }),
    });
  });

  it('sends no body when none is given', async () => {
    const fetchMock = stubFetch(jsonResponse([]));

    await api.get('/api/recent-profiles');

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('returns undefined for a 204 without content', async () => {
    stubFetch(new Response(null, { status: 204 }));

    await expect(api.delete('/api/fundraising-challenges/c1')).resolves.toBeUndefined();
  });

  it('throws "API request failed: <status text>" with the status and error body for a non-2xx', async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'Runner profile not found' };
    stubFetch(jsonResponse(body, { status: 404, statusText: 'Not Found' }));

    const error = await apiRequest('GET', '/api/runner-profile/nobody').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ message: 'API request failed: Not Found', status: 404, body });
  });

  it('keeps the HTTP error when the error body is not JSON', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

    const error = await api.post('/api/strava/sync', { userId: 'u1' }).catch((e: unknown) => e);

    expect(error).toMatchObject({
      message: 'API request failed: Bad Gateway',
      status: 502,
      body: undefined,
    });
  });

  it('offers put and delete shorthands with their methods', async () => {
    const fetchMock = stubFetch(jsonResponse({ success: true }));

    await api.put('/api/runner-profile/p1', { description: 'New story' });
    await api.delete('/api/runner-profile/p1');

    expect(fetchMock.mock.calls.map(([, init]) => [init?.method, init?.body])).toEqual([
      ['PUT', JSON.stringify({ description: 'New story' })],
      ['DELETE', undefined],
    ]);
  });
});

describe('writes a client may retry (Idempotency-Key)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const keyOf = (call: unknown[]) =>
    (call[1] as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'];

  it('gives one key per user action, the same again for the same action', () => {
    const action = { message: 'Go!' };
    expect(idempotencyKeyFor(action)).toMatch(/^[0-9a-f]{32}$/);
    expect(idempotencyKeyFor(action)).toBe(idempotencyKeyFor(action));
    expect(idempotencyKeyFor({ message: 'Go!' })).not.toBe(idempotencyKeyFor(action));
  });

  it('sends the key, and retries a 503 after Retry-After with the same key', async () => {
    vi.useFakeTimers();
    const responses = [
      jsonResponse({ statusCode: 503, message: 'down' }, { status: 503, headers: { 'Retry-After': '2' } }),
      jsonResponse({ success: true }, { status: 201 }),
    ];
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(responses.shift()!));
    vi.stubGlobal('fetch', fetchMock);
    const body = { runnerProfileId: 'p1', senderName: 'Fan', message: 'Go!' };

    const sent = api.postOnce('/api/encouragement', body);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(sent).resolves.toEqual({ success: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock.mock.calls[0]!)).toBe(idempotencyKeyFor(body));
    expect(keyOf(fetchMock.mock.calls[1]!)).toBe(idempotencyKeyFor(body));
  });

  it('gives up after two retries and reports the 503; plain writes are never retried', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(jsonResponse({ message: 'down' }, { status: 503, headers: { 'Retry-After': '1' } }));
    const sent = api.postOnce('/api/activities', { name: 'run' }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await sent).toBeInstanceOf(ApiRequestError);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockClear();
    await expect(api.post('/api/auth/signup', {})).rejects.toBeInstanceOf(ApiRequestError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keyOf(fetchMock.mock.calls[0]!)).toBeUndefined();
  });
});
