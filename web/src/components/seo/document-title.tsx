import { useLayoutEffect } from 'react';
import { holdPageTitle } from '@/lib/analytics';

const SITE_NAME = 'RunPledge';

/**
 * Sets the tab title as "<title> · RunPledge" (React 19 hoists <title> into the head). `loading`
 * marks a placeholder (e.g. the address until the runner's name arrives): the page view waits
 * for the real title.
 */
export function DocumentTitle({ title, loading = false }: { title?: string; loading?: boolean }) {
  useLayoutEffect(() => (loading ? holdPageTitle() : undefined), [loading]);
  return <title>{title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} · Marathon fundraising pages`}</title>;
}
