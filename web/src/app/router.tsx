import { SAMPLE_PAGE_SLUG_PREFIX } from '@runpledge/contracts';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { charityQuery } from '@/features/charities/api/charities';
import { eventQuery } from '@/features/events/api/get-event';
import {
  takeEmbeddedCharityPage,
  takeEmbeddedEventPage,
  takeEmbeddedRunnerPage,
  takeEmbeddedTeamPage,
} from '@/features/runner-page/api/embedded-page-data';
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
 * A public page's data without waiting for its code: a visitor's first page comes with it in the
 * HTML (the gateway embeds what a visitor reads); otherwise the request starts while the code
 * loads, one round trip less before the page shows. Not awaited, so the page renders (with its
 * skeleton) as soon as its code is in; the page's own query picks up the data or the request in flight.
 */
function prefetchPublicPage<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  queryOf: (slug: string, viewerId: string | undefined) => FetchQueryOptions<TData, Error, TData, TKey>,
  takeEmbedded: (slug: string) => TData | undefined,
  skip: (slug: string) => boolean = () => false,
) {
  return ({ params }: LoaderFunctionArgs) => {
    const slug = params.slug ?? '';
    if (skip(slug)) return null;
    const viewerId = readSavedUser()?.id;
    const query = queryOf(slug, viewerId);
    const embedded = takeEmbedded(slug);
    // A signed-in viewer may own the page (captain the team, staff the charity): their view is not a visitor's.
    if (embedded && viewerId === undefined) queryClient.setQueryData<TData>(query.queryKey, embedded);
    else void queryClient.prefetchQuery(query);
    return null;
  };
}

const prefetchRunnerPage = (queryClient: QueryClient) =>
  prefetchPublicPage(queryClient, runnerProfileQuery, takeEmbeddedRunnerPage, (slug) =>
    slug.startsWith(SAMPLE_PAGE_SLUG_PREFIX),
  );

/** A team page's first view (ranked by raised, first page of members). */
const prefetchTeamPage = (queryClient: QueryClient) =>
  prefetchPublicPage(queryClient, (slug, viewerId) => teamQuery(slug, viewerId), takeEmbeddedTeamPage);

/** A charity page's first view (ranked by raised, first page of runners). */
const prefetchCharityPage = (queryClient: QueryClient) =>
  prefetchPublicPage(queryClient, (slug, viewerId) => charityQuery(slug, viewerId), takeEmbeddedCharityPage);

/** An event page's first view (ranked by raised, first page of runners, no search). */
const prefetchEventPage = (queryClient: QueryClient) =>
  prefetchPublicPage(queryClient, (slug) => eventQuery(slug, 'raised', 1, ''), takeEmbeddedEventPage);

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
            { path: 'charities/invitations', lazy: page(() => import('./routes/charity-invitation')) },
            { path: 'charities/new', lazy: page(() => import('./routes/charity-new')) },
            { path: 'charities/:slug/console', lazy: page(() => import('./routes/charity-console')) },
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
        { path: 'charities/verify', lazy: page(() => import('./routes/charity-verify')) },
        {
          path: 'charities/:slug',
          loader: queryClient && prefetchCharityPage(queryClient),
          lazy: page(() => import('./routes/charity')),
        },
        {
          path: 'events/:slug',
          loader: queryClient && prefetchEventPage(queryClient),
          lazy: page(() => import('./routes/event')),
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
