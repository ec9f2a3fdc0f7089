import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

type Handler = Response | ((body: unknown) => Response | Promise<Response>);

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Replaces fetch with answers keyed "METHOD /path" (query string included). A call with no
 * answer fails the test with a 599, so an unexpected request is never silently ignored.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return jsonResponse(599, { message: `No mock for ${method} ${path}` }, 'Unmocked');
    return typeof handler === 'function' ? handler(body) : handler.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    called: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
