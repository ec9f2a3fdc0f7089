export interface StravaDisplayContext {
  ownerUserId: string;
  viewerUserId?: string;
  /** The runner ticked the public-display consent in the setup step. */
  consent: boolean;
  /** Deployment setting STRAVA_PUBLIC_DISPLAY. */
  mode: 'consent' | 'owner';
}

/**
 * Strava's API agreement: data a runner brings from Strava is theirs to see; others see it only
 * when the runner agreed, and never when the deployment restricts Strava data to its owner.
 */
export function mayShowStravaData(context: StravaDisplayContext): boolean {
  if (context.viewerUserId !== undefined && context.viewerUserId === context.ownerUserId) return true;
  return context.mode === 'consent' && context.consent;
}
