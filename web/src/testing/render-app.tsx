import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';

/**
 * Renders routes with the app's providers (queries, toasts, auth) at `path`; returns the router to
 * inspect. `queryClient`: the app's own when not given; `from`: a page in the history before `path`.
 */
export function renderWithApp(
  routes: RouteObject[],
  path: string,
  { queryClient, from }: { queryClient?: QueryClient; from?: string } = {},
) {
  const router = createMemoryRouter(
    routes,
    from === undefined ? { initialEntries: [path] } : { initialEntries: [from, path], initialIndex: 1 },
  );
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}

/** A stand-in page that shows where the app navigated to. */
export const stubPage = (path: string) => ({ path, element: <h1>{`Stub ${path}`}</h1> });
