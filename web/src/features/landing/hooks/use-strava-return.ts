import { STRAVA_OAUTH_ERRORS } from '@runpledge/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ToastOptions } from '@/components/ui/toast-context';
import { useToast } from '@/components/ui/toast-context';
import { hasStravaConnection } from '../api/check-strava-connection';

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
): { notice: ToastOptions } | { check: true } | undefined {
  const error = params.get('strava_error');
  if (error !== null) {
    return {
      notice: {
        title: 'Strava Connection Failed',
        description: `Error: ${describeStravaError(error)} Please try again.`,
        variant: 'destructive',
      },
    };
  }
  if (params.get('strava_connected') !== 'true') return undefined;
  return userId ? { check: true } : { notice: NOTICES.needsLogin };
}

/** Spec 8: connected when the server holds the connection; else, or when it cannot be asked, the save failed. */
async function checkedNotice(): Promise<ToastOptions> {
  try {
    return (await hasStravaConnection()) ? NOTICES.connected : NOTICES.saveFailed;
  } catch {
    return NOTICES.saveFailed;
  }
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
    if ('notice' in plan) toast(plan.notice);
    else void checkedNotice().then(toast);
  }, [auth.loading, auth.userId, params, setParams, toast]);
}
