import { useState, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageLoader } from './page-loader';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Each page is its own chunk, loaded when its route is first visited.
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The routes of spec section 2. Static paths rank above /:slug, so a slug never hides a page. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: page(() => import('./routes/landing')) },
      { path: 'login', lazy: page(() => import('./routes/login')) },
      { path: 'signup', lazy: page(() => import('./routes/signup')) },
      { path: 'createaccount', lazy: page(() => import('./routes/create-account')) },
      { path: 'payment', lazy: page(() => import('./routes/payment')) },
      { Component: RequireAuth, children: [{ path: 'dashboard', lazy: page(() => import('./routes/dashboard')) }] },
      { path: 'auth/confirm', lazy: page(() => import('./routes/auth-confirm')) },
      { path: ':slug/fitness', lazy: page(() => import('./routes/fitness')) },
      { path: ':slug', lazy: page(() => import('./routes/runner-page')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
