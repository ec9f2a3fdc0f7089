/** Strava's tokens are visible ASCII; anything else cannot even go into an HTTP header (it answered 503). */
export const STRAVA_TOKENS_REFUSED = 'Strava did not accept these tokens. Please connect again.';

/** The cookie that binds a Strava authorization to the browser that started it (its hash is in the state). */
export const STRAVA_OAUTH_COOKIE = {
  name: 'rp_strava_oauth',
  path: '/api/strava/callback',
  maxAgeSeconds: 600,
} as const;

/**
 * `strava_error` values of an OAuth return that went wrong, with what the runner is told. The
 * return is refused, and nothing stored, unless the signed-in user and browser that started it finish it.
 */
export const STRAVA_OAUTH_ERRORS = {
  access_denied: 'Strava access was not granted.',
  activity_permission_required: 'RunPledge needs permission to view your activities on Strava.',
  authorization_failed: 'Strava could not confirm the connection.',
  athlete_already_connected: 'This Strava account is already connected to another RunPledge account.',
  sign_in_required: 'You need to be signed in to connect Strava.',
  wrong_account: 'This Strava connection was started by another RunPledge account.',
  wrong_browser: 'This Strava connection was started in another browser.',
  link_already_used: 'This Strava connection link was already used.',
} as const;
export type StravaOAuthError = keyof typeof STRAVA_OAUTH_ERRORS;

export function stravaActivityUrl(externalId: string): string {
  return `https://www.strava.com/activities/${externalId}`;
}
