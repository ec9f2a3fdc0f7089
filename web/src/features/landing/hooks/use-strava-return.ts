import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ToastOptions } from '@/components/ui/toast-context';
import { useToast } from '@/components/ui/toast-context';
import { api } from '@/lib/api-client';

/** The query parameters of spec 2 that a return from Strava may carry on the landing page. */
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
 * Spec 4 "Strava return on landing": what to do with the parameters, for a signed-in user or not.
 * Returns the notice to show at once, or the connection to save first.
 */
export function planStravaReturn(
  params: URLSearchParams,
  userId: string | null,
): { notice: ToastOptions } | { save: Record<string, string> } | undefined {
  const error = params.get('strava_error');
  if (error !== null) {
    return {
      notice: {
        title: 'Strava Connection Failed',
        description: `Error: ${error} Please try again.`,
        variant: 'destructive',
      },
    };
  }
  if (params.get('strava_connected') !== 'true') return undefined;
  const accessToken = params.get('strava_access_token');
  const refreshToken = params.get('strava_refresh_token');
  const athleteId = params.get('strava_athlete_id');
  const expiresAt = Number(params.get('strava_expires_at'));
  if (!userId || !accessToken || !refreshToken || !athleteId || !Number.isFinite(expiresAt) || expiresAt <= 0) {
    return { notice: NOTICES.needsLogin };
  }
  return {
    save: {
      userId,
      stravaAccessToken: accessToken,
      stravaRefreshToken: refreshToken,
      stravaAthleteId: athleteId,
      // Epoch seconds to an ISO date-time (spec 3).
      stravaTokenExpiresAt: new Date(expiresAt * 1000).toISOString(),
    },
  };
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
    if ('notice' in plan) return toast(plan.notice);
    api.post('/api/fitness/strava/connect', plan.save).then(
      () => toast(NOTICES.connected),
      () => toast(NOTICES.saveFailed),
    );
  }, [auth.loading, auth.userId, params, setParams, toast]);
}
