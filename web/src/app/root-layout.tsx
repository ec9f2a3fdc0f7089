import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SkipLink } from '@/components/layouts/skip-link';
import { PageViewTracker } from './page-view-tracker';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <SkipLink />
      <PageViewTracker />
      <ScrollRestoration />
      {/* A page's code may take a moment to arrive on a slow connection. */}
      {navigation.state !== 'idle' && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-1 bg-accent-500 motion-safe:animate-pulse"
        />
      )}
      <Outlet />
    </>
  );
}
