import { lazy } from 'react';

// The race-day feature's public surface: the runner page's follow form and finish banner, the
// dashboard's result and thank-you panels, the follow mail's confirmation page.
export { FinishBanner } from './components/finish-banner';

/**
 * The follow form validates with the contracts' schemas (zod): it is its own chunk, loaded when first
 * drawn (under a Suspense), so a runner page's first load does not carry them.
 */
export const FollowForm = lazy(() => import('./components/follow-form').then((form) => ({ default: form.FollowForm })));
