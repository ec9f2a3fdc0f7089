/**
 * What a route the browser navigates to (rather than calls) puts in the address of the page it sends
 * the browser to when it could not do its work: it never answers such a browser with JSON. The page
 * tells the visitor in words and offers the next step.
 */
export const NAVIGATION_FAILURES = {
  /** The address was malformed, forged, expired or already used. */
  invalidRequest: 'invalid_request',
  /** No (or an ended) session where one is needed. */
  signInRequired: 'sign_in_required',
  /** A service the route needs was down or too slow, or a limit was reached: try again later. */
  unavailable: 'unavailable',
  /** Anything else went wrong on our side (e.g. the database refused the save). */
  failed: 'request_failed',
} as const;
export type NavigationFailure = (typeof NAVIGATION_FAILURES)[keyof typeof NAVIGATION_FAILURES];
