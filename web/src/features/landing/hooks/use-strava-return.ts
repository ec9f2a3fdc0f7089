import { NAVIGATION_FAILURES, STRAVA_OAUTH_ERRORS } from '@runpledge/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ToastOptions } from '@/components/ui/toast-context';
import { useToast } from '@/components/ui/toast-context';
import { loginPathFor } from '@/lib/safe-redirect';
import { fitnessPagePath, hasStravaConnection } from '../api/check-strava-connection';

/**
 * The query parameters of spec 2 that a return from Strava may carry on the landing page. Strava
 * tokens never travel through the browser (the server's callback stores them): any token-looking
 * parameter is only removed from the address bar, never read.
 */
export const STRAVA_RETURN_PARAMS = [
  'strava_connected',
  'strava_access_token',
  'strava_refresh_token',
  'strava_athlete_id',
  'strava_expires_at',
  'strava_error',
] as const;

const NOTICES = {
  connected: {
    title: 'Strava Connected',
    description: 'Your Strava account has been connected successfully!',
    variant: 'success',
  },
  needsLogin: {
    title: 'Strava Connected',
    description: 'Your Strava account has been connected successfully! Please log in to complete the setup.',
  },
  saveFailed: {
    title: 'Connection Error',
    description: 'Failed to save Strava connection. Please try again.',
    variant: 'destructive',
  },
} satisfies Record<string, ToastOptions>;

/**
 * The outcomes of a return the server could not complete (a malformed, forged, expired or repeated
 * address, a service down or slow, a failed save): spec 8's save failure, in its words.
 */
const CONNECTION_FAILURES = new Set<string>([
  NAVIGATION_FAILURES.invalidRequest,
  NAVIGATION_FAILURES.unavailable,
  NAVIGATION_FAILURES.failed,
]);

/** A notice with a next step stays until read: long enough to press its link. */
const NEXT_STEP_DURATION_MS = 20_000;

/** The next step a notice offers: connect again from the fitness page, or sign in first. */
export type StravaNextStep = 'connect' | 'signIn';

/** A known `strava_error` in words; anything else as it came. */
function describeStravaError(error: string): string {
  return Object.hasOwn(STRAVA_OAUTH_ERRORS, error)
    ? STRAVA_OAUTH_ERRORS[error as keyof typeof STRAVA_OAUTH_ERRORS]
    : error;
}

/**
 * Spec 4 "Strava return on landing": the notice to show for these parameters, if any, or `check`:
 * a signed-in runner is told only what the server confirms (the address bar alone proves nothing).
 */
export function planStravaReturn(
  params: URLSearchParams,
  userId: string | null,
): { notice: ToastOptions; next?: StravaNextStep } | { check: true } | undefined {
  const error = params.get('strava_error');
  if (error !== null) {
    const next = userId && error !== NAVIGATION_FAILURES.signInRequired ? 'connect' : 'signIn';
    if (CONNECTION_FAILURES.has(error)) return { notice: NOTICES.saveFailed, next };
    return {
      notice: {
        title: 'Strava Connection Failed',
        description: `Error: ${describeStravaError(error)} Please try again.`,
        variant: 'destructive',
      },
      next,
    };
  }
  if (params.get('strava_connected') !== 'true') return undefined;
  return userId ? { check: true } : { notice: NOTICES.needsLogin, next: 'signIn' };
}

/** Spec 8: connected when the server holds the connection; else, or when it cannot be asked, the save failed. */
async function checkedNotice(): Promise<{ notice: ToastOptions; next?: StravaNextStep }> {
  try {
    if (await hasStravaConnection()) return { notice: NOTICES.connected };
  } catch {
    // Could not be asked: as good as not saved.
  }
  return { notice: NOTICES.saveFailed, next: 'connect' };
}

/** The notice with its next step as a link: sign in (and come back to the dashboard), or connect again. */
async function withNextStep({ notice, next }: { notice: ToastOptions; next?: StravaNextStep }): Promise<ToastOptions> {
  if (!next) return notice;
  const action =
    next === 'signIn'
      ? { label: 'Sign In', href: loginPathFor('/dashboard') }
      : { label: 'Connect Strava Again', href: await fitnessPagePath() };
  return { ...notice, action, durationMs: NEXT_STEP_DURATION_MS };
}

/** Handles a Strava return once auth is known, then removes the parameters from the address bar. */
export function useStravaReturn(auth: { userId: string | null; loading: boolean }) {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || auth.loading) return;
    if (!STRAVA_RETURN_PARAMS.some((name) => params.has(name))) return;
    handled.current = true;
    const plan = planStravaReturn(params, auth.userId);
    setParams(
      (current) => {
        for (const name of STRAVA_RETURN_PARAMS) current.delete(name);
        return current;
      },
      { replace: true },
    );
    if (!plan) return;
    void ('notice' in plan ? Promise.resolve(plan) : checkedNotice()).then(withNextStep).then(toast);
  }, [auth.loading, auth.userId, params, setParams, toast]);
}
