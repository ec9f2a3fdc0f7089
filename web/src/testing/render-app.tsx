import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';

/** Renders routes with the app's providers (queries, toasts, auth) at `path`; returns the router to inspect. */
export function renderWithApp(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}

/** A stand-in page that shows where the app navigated to. */
export const stubPage = (path: string) => ({ path, element: <h1>{`Stub ${path}`}</h1> });
