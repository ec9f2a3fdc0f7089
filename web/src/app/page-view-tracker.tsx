import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageViewWhenTitled } from '@/lib/analytics';

/** Reports a page view whenever the path or query string changes, with the page's own title. */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice in development; count each path change once.
    if (lastTracked.current === path) return;
    lastTracked.current = path;
    trackPageViewWhenTitled(path);
  }, [path]);

  return null;
}
