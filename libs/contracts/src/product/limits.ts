/** Field limits of spec section 5, defined once for the web forms, the gateway and the services. */
export const FIELD_LIMITS = {
  name: 100,
  marathonName: 100,
  charityLink: 500,
  charityName: 100,
  description: 1000,
  urlSlug: 50,
  challengeDescription: 500,
  challengeAmountMin: 0,
  challengeAmountMax: 10000,
  challengeAmountStep: 0.01,
  goalHoursMin: 0,
  goalHoursMax: 23,
  goalMinutesMin: 0,
  goalMinutesMax: 59,
  senderName: 100,
  encouragementMessage: 1000,
  passwordMinLength: 8,
  passwordMaxLength: 256,
} as const;

/**
 * A page keeps its most recent encouragements, this many; each new one beyond it removes the oldest
 * (anyone may post them, so the store, the owner's export and the owner's list stay bounded).
 */
export const ENCOURAGEMENTS_KEPT_PER_PAGE = 500;

/**
 * A page's former addresses (after a slug change) keep leading to it: the five most recent, each for
 * a year. A deleted page's addresses (current and former) are held from other runners for 90 days,
 * so the QR codes and links on its posters never lead to someone else's page.
 */
export const FORMER_ADDRESSES = { keptPerPage: 5, keptForDays: 365, heldAfterDeletionDays: 90 } as const;

/** Business constants of spec section 9. */
export const BUSINESS = {
  trialDays: 30,
  monthlyPriceUsd: 5,
  signupDataTtlMinutes: 30,
  trainingMilesGoal: 500,
  historyFetchLimit: 200,
  historyPageSize: 5,
  stravaCheckLimit: 10,
  countdownRefreshMs: 60_000,
  marathonStartHourUtcMinus5: 8,
  redirectAfterPaymentMs: 2000,
  redirectAfterSignupMs: 1500,
  metersToMiles: 0.000621371,
  typingMsPerChar: 150,
  deletingMsPerChar: 100,
  typingPauseMs: 2000,
  carouselCardsPerView: 3,
} as const;

/** Spec 2: /test-{name} is the sample (debug) page, so no runner's slug starts with it. */
export const SAMPLE_PAGE_SLUG_PREFIX = 'test-';

/** Route names a runner's page slug may not take. */
export const RESERVED_SLUGS = [
  'api',
  'assets',
  'auth',
  'createaccount',
  'dashboard',
  'login',
  'logout',
  'payment',
  'signup',
  'static',
  'favicon.ico',
  'forgot-password',
  'reset-password',
  'cancel-email-change',
  'release-claim',
  'robots.txt',
  'settings',
] as const;

/** Forces a slug to the allowed alphabet (spec 5): lowercase, a-z, 0-9 and hyphen, at most 50. */
export function normalizeSlug(input: string): string {
  return input
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, FIELD_LIMITS.urlSlug);
}
