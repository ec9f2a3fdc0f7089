/** Why a Strava call failed, in the terms the sync decides on. */
export type StravaFailure =
  'unauthorized' | 'invalid-grant' | 'not-found' | 'rate-limited' | 'unavailable' | 'rejected';

export class StravaApiError extends Error {
  constructor(
    readonly failure: StravaFailure,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'StravaApiError';
  }

  /** Worth retrying later with back-off (5xx, network, a 429 that slipped through). */
  get retryable(): boolean {
    return this.failure === 'unavailable' || this.failure === 'rate-limited';
  }
}

/**
 * Our shared budget is spent until `waitMs` from now: no request was sent. `transient`: Strava
 * refused a request (429) while its own count says the window has room; it asked for `waitMs`.
 */
export class StravaBudgetExhaustedError extends Error {
  constructor(
    readonly waitMs: number,
    readonly transient = false,
  ) {
    super(transient ? `Strava asked to wait ${waitMs} ms (429)` : `Strava request budget spent for ${waitMs} ms`);
    this.name = 'StravaBudgetExhaustedError';
  }
}
