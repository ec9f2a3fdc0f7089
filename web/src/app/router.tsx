import { SAMPLE_PAGE_SLUG_PREFIX } from '@runpledge/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { takeEmbeddedRunnerPage, takeEmbeddedTeamPage } from '@/features/runner-page/api/embedded-page-data';
import { runnerProfileQuery } from '@/features/runner-page/api/get-runner-profile';
import { teamQuery } from '@/features/teams/api/get-team';
import { readSavedUser } from '@/lib/auth';
import { PageLoader } from './page-loader';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Each page is its own chunk, loaded when its route is first visited.
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * A runner page's data without waiting for its code: a visitor's first page comes with it in the
 * HTML (the gateway embeds the public view); otherwise the request starts while the code loads,
 * one round trip less before the page shows. Not awaited, so the page renders (with its skeleton)
 * as soon as its code is in; the page's own query picks up the data or the request in flight.
 */
const prefetchRunnerPage =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const slug = params.slug ?? '';
    if (slug.startsWith(SAMPLE_PAGE_SLUG_PREFIX)) return null;
    const viewerId = readSavedUser()?.id;
    const query = runnerProfileQuery(slug, viewerId);
    const embedded = takeEmbeddedRunnerPage(slug);
    if (embedded && viewerId === undefined) queryClient.setQueryData(query.queryKey, embedded);
    else void queryClient.prefetchQuery(query);
    return null;
  };

/** The same for a team page: its first view (ranked by raised) from the HTML, or requested while the code loads. */
const prefetchTeamPage =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const slug = params.slug ?? '';
    const viewerId = readSavedUser()?.id;
    const query = teamQuery(slug, viewerId);
    const embedded = takeEmbeddedTeamPage(slug);
    if (embedded && viewerId === undefined) queryClient.setQueryData(query.queryKey, embedded);
    else void queryClient.prefetchQuery(query);
    return null;
  };

/**
 * The routes of spec section 2. Static paths rank above /:slug, so a slug never hides a page.
 * With `queryClient` (the app's), routes prefetch their data into it.
 */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
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
        {
          Component: RequireAuth,
          children: [
            { path: 'dashboard', lazy: page(() => import('./routes/dashboard')) },
            { path: 'settings', lazy: page(() => import('./routes/settings')) },
            { path: ':slug/edit', lazy: page(() => import('./routes/edit-page')) },
            { path: 'teams/new', lazy: page(() => import('./routes/team-new')) },
            { path: 'teams/:slug/manage', lazy: page(() => import('./routes/team-manage')) },
          ],
        },
        { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password')) },
        { path: 'reset-password', lazy: page(() => import('./routes/reset-password')) },
        { path: 'cancel-email-change', lazy: page(() => import('./routes/cancel-email-change')) },
        { path: 'release-claim', lazy: page(() => import('./routes/release-claim')) },
        { path: 'auth/confirm', lazy: page(() => import('./routes/auth-confirm')) },
        {
          path: 'teams/:slug',
          loader: queryClient && prefetchTeamPage(queryClient),
          lazy: page(() => import('./routes/team')),
        },
        { path: 'pledges/confirm', lazy: page(() => import('./routes/pledge-confirm')) },
        { path: 'followers/confirm', lazy: page(() => import('./routes/follower-confirm')) },
        { path: 'pledges/:pledgeId/:action', lazy: page(() => import('./routes/pledge-mail-action')) },
        { path: 'mail/stop', lazy: page(() => import('./routes/mail-stop')) },
        { path: ':slug/fitness', lazy: page(() => import('./routes/fitness')) },
        {
          path: ':slug',
          loader: queryClient && prefetchRunnerPage(queryClient),
          lazy: page(() => import('./routes/runner-page')),
        },
        { path: '*', lazy: page(() => import('./routes/not-found')) },
      ],
    },
  ];
}

export const routes: RouteObject[] = createRoutes();

export function AppRouter({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(createRoutes(queryClient)));
  return <RouterProvider router={router} />;
}
