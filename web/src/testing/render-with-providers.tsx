import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';

/** Renders UI inside the app's providers (queries without retries, toasts, a router at `path`). */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    ),
  };
}

type Answer = { status?: number; body?: unknown; statusText?: string };
type Route = Answer | ((body: unknown) => Answer);

/**
 * Stubs fetch with answers keyed "METHOD /path" (query string included); an unexpected call
 * answers 599 so it fails loudly. Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      const answer = typeof route === 'function' ? route(body) : (route ?? { status: 599, statusText: 'Unmocked' });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        statusText: answer.statusText ?? '',
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
