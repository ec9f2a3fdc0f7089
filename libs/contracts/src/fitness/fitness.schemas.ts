import { z } from 'zod';
import { BUSINESS } from '../common/limits.js';
import { calendarDate, textField } from '../common/text.js';

/** Strava sport types that count as runs (spec: training miles and pace come from runs). */
export const RUN_SPORT_TYPES = ['Run', 'TrailRun', 'VirtualRun'] as const;
export const ACTIVITY_SOURCES = ['strava', 'manual'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

/** Limits of the fitness calls, shared by the web forms, the gateway and the service. */
export const FITNESS_LIMITS = {
  activitiesDefaultLimit: BUSINESS.stravaCheckLimit,
  activitiesMaxLimit: BUSINESS.historyFetchLimit,
  /** How long `POST /api/strava/sync` waits for its job before answering that it goes on. */
  syncWaitMs: 15_000,
  manualDistanceKmMax: 1000,
  manualDurationSecondsMax: 7 * 24 * 3600,
  manualElevationMetersMax: 20_000,
  activityNameMax: 100,
  weeklyMilesWeeks: 12,
} as const;

/** Spec 8 wording the fitness calls answer with. */
export const FITNESS_MESSAGES = {
  trainingStartDateRequired: 'Please select a training start date',
  trainingStartDateInFuture: 'The training start date cannot be after today',
  /** Sync before the start date is set: nothing would be fetched, so it is refused rather than "synced". */
  trainingStartDateFirst: 'Set your training start date first: your runs are synced from that day.',
  activitiesSynced: 'Activities Synced',
  syncStillRunning: 'Sync is still running; new activities will appear shortly.',
  reconnectRequired: 'Please reconnect your Strava account in the Fitness Integration section.',
  notConnected: 'Strava is not connected',
  unknownWebhookSubscription: 'This event does not come from our Strava subscription',
} as const;

/** The latest calendar date anywhere on Earth (UTC+14): "today" for a runner in any time zone. */
export function latestDateToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** A real `YYYY-MM-DD` date that is not after today. */
export const pastOrTodayDateSchema = (requiredMessage: string) =>
  calendarDate(requiredMessage).refine(
    (value) => value <= latestDateToday(),
    FITNESS_MESSAGES.trainingStartDateInFuture,
  );

export const trainingStatsSchema = z.object({
  hasTrainingData: z.boolean(),
  totalMiles: z.number(),
  averagePace: z.string().nullable(),
  trainingStartDate: z.string().nullable(),
  runCount: z.number().int(),
  /** True when Strava-sourced runs are part of the figures: the page then shows 'Powered by Strava'. */
  includesStravaData: z.boolean(),
  /** Miles run in each of the last weeks (Monday first), oldest first. */
  weeklyMiles: z.array(z.object({ weekStart: z.string(), miles: z.number() })),
});
export type TrainingStats = z.infer<typeof trainingStatsSchema>;
export const trainingStatsRequestSchema = z.object({
  profileId: z.uuid('Runner profile not found'),
  viewerUserId: z.uuid().optional(),
});
export type TrainingStatsRequest = z.infer<typeof trainingStatsRequestSchema>;

export const fitnessProfileSchema = z.object({
  stravaConnected: z.boolean(),
  trainingStartDate: z.string().nullable(),
  needsReconnect: z.boolean(),
  lastSyncedAt: z.iso.datetime().nullable(),
  publicDisplayConsent: z.boolean(),
});
export type FitnessProfile = z.infer<typeof fitnessProfileSchema>;
export const fitnessProfileRequestSchema = z.object({
  profileId: z.uuid('Fitness profile not found'),
});

export const activitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  source: z.enum(ACTIVITY_SOURCES),
  sportType: z.string(),
  distanceMeters: z.number(),
  durationSeconds: z.number().int(),
  averagePaceSecondsPerKm: z.number().nullable(),
  elevationGainMeters: z.number(),
  startDate: z.iso.datetime(),
  /** 'View on Strava' link of a Strava activity; null for other sources. */
  externalUrl: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * `GET /api/activities?profileId=&limit=&type=`: the runs of a page's runner (the public page asks
 * by page, as it knows no user id); `userId=` names the runner instead; neither means the caller's own.
 */
export const activitiesQuerySchema = z.object({
  profileId: z.uuid('Runner profile not found').optional(),
  userId: z.uuid('Unknown runner').optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${FITNESS_LIMITS.activitiesMaxLimit}`)
    .max(FITNESS_LIMITS.activitiesMaxLimit, `limit must be between 1 and ${FITNESS_LIMITS.activitiesMaxLimit}`)
    .default(FITNESS_LIMITS.activitiesDefaultLimit),
  type: z.enum(['run'], 'type must be run').optional(),
});
export type ActivitiesQuery = z.infer<typeof activitiesQuerySchema>;
export const listActivitiesRequestSchema = activitiesQuerySchema.omit({ profileId: true }).extend({
  userId: z.uuid(),
  viewerUserId: z.uuid().optional(),
});
export type ListActivitiesRequest = z.infer<typeof listActivitiesRequestSchema>;

/** A run entered by hand on `/{slug}/fitness`. */
export const manualActivityInputSchema = z.object({
  name: textField('The name of the run')
    .trim()
    .max(
      FITNESS_LIMITS.activityNameMax,
      `The name of the run can be at most ${FITNESS_LIMITS.activityNameMax} characters`,
    )
    .optional(),
  date: pastOrTodayDateSchema('Please enter the date of the run'),
  distanceKm: z.coerce
    .number({ error: 'Please enter the distance' })
    .positive('The distance must be more than 0')
    .max(FITNESS_LIMITS.manualDistanceKmMax, `The distance can be at most ${FITNESS_LIMITS.manualDistanceKmMax} km`),
  durationSeconds: z.coerce
    .number({ error: 'Please enter the duration' })
    .int('The duration must be whole seconds')
    .positive('The duration must be more than 0')
    .max(FITNESS_LIMITS.manualDurationSecondsMax, 'The duration is too long'),
  elevationGainMeters: z.coerce
    .number()
    .min(0, 'The elevation gain cannot be negative')
    .max(FITNESS_LIMITS.manualElevationMetersMax, 'The elevation gain is too large')
    .default(0),
});
export type ManualActivityInput = z.infer<typeof manualActivityInputSchema>;
export const createActivityRequestSchema = manualActivityInputSchema.extend({ userId: z.uuid() });
export const updateActivityRequestSchema = manualActivityInputSchema.extend({
  userId: z.uuid(),
  activityId: z.uuid('Activity not found'),
});
export const deleteActivityRequestSchema = z.object({ userId: z.uuid(), activityId: z.uuid('Activity not found') });

/** Strava's tokens are visible ASCII; anything else cannot even go into an HTTP header (it answered 503). */
export const STRAVA_TOKENS_REFUSED = 'Strava did not accept these tokens. Please connect again.';
const token = (label: string) =>
  textField(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^[\x21-\x7E]*$/, STRAVA_TOKENS_REFUSED);
const athleteId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,20}$/, 'Strava athlete id is invalid'));

/** Spec 7 connection payload (`POST /api/fitness/strava/connect`). */
export const stravaConnectBodySchema = z.object({
  userId: z.uuid('userId must be your own user id'),
  stravaAccessToken: token('Strava access token'),
  stravaRefreshToken: token('Strava refresh token'),
  stravaAthleteId: athleteId,
  stravaTokenExpiresAt: z.iso.datetime({ offset: true, error: 'stravaTokenExpiresAt must be an ISO date-time' }),
});
export type StravaConnectBody = z.infer<typeof stravaConnectBodySchema>;

/**
 * `POST /api/fitness/strava/complete-setup`: the spec 7 payload, where the tokens are optional
 * because the OAuth callback already stored them server-side.
 */
export const stravaCompleteSetupBodySchema = stravaConnectBodySchema.partial().extend({
  userId: z.uuid('userId must be your own user id'),
  trainingStartDate: pastOrTodayDateSchema(FITNESS_MESSAGES.trainingStartDateRequired),
  publicDisplayConsent: z.boolean().default(false),
});
export type StravaCompleteSetupBody = z.infer<typeof stravaCompleteSetupBodySchema>;

export const stravaUserRequestSchema = z.object({ userId: z.uuid('userId must be your own user id') });

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

export const stravaAuthorizeRequestSchema = z.object({
  userId: z.uuid(),
  profileSlug: textField('profileSlug', { error: 'profileSlug is required' }).trim().min(1, 'profileSlug is required'),
  /** The random value of the browser's STRAVA_OAUTH_COOKIE; only its hash goes into the state. */
  nonce: z.string().min(16),
});

/** Query Strava sends back to `GET /api/strava/callback`. */
export const stravaCallbackQuerySchema = z.object({
  code: textField('code').optional(),
  state: textField('state').optional(),
  scope: textField('scope').optional(),
  error: textField('error').optional(),
});
export type StravaCallbackQuery = z.infer<typeof stravaCallbackQuerySchema>;

/** What the gateway adds to Strava's query: who is signed in and the browser's nonce cookie, if any. */
export const stravaCompleteAuthorizationSchema = stravaCallbackQuerySchema.extend({
  userId: z.uuid().optional(),
  nonce: z.string().optional(),
});
export type StravaCompleteAuthorization = z.infer<typeof stravaCompleteAuthorizationSchema>;

export const stravaSyncReplySchema = z.union([
  z.object({ message: z.string(), synced: z.number().int().nonnegative(), pending: z.boolean().optional() }),
  z.object({ error: z.string(), needsReconnect: z.literal(true) }),
]);
export type StravaSyncReply = z.infer<typeof stravaSyncReplySchema>;

export const stravaWebhookValidationSchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.challenge': z.string().optional(),
  'hub.verify_token': z.string().optional(),
});

/** A Strava push event; they carry no signature, so they are hints that are re-read from the API. */
export const stravaWebhookEventSchema = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: z.coerce.number().int().positive(),
  aspect_type: z.enum(['create', 'update', 'delete']),
  updates: z.record(z.string(), z.unknown()).optional(),
  owner_id: z.coerce.number().int().positive(),
  subscription_id: z.coerce.number().int().optional(),
  event_time: z.coerce.number().int(),
});
export type StravaWebhookEvent = z.infer<typeof stravaWebhookEventSchema>;

/** Pace as the runner page shows it, e.g. `8:45 /mi`. */
export function formatPacePerMile(secondsPerMile: number): string {
  const rounded = Math.round(secondsPerMile);
  const minutes = Math.floor(rounded / 60);
  const seconds = rounded % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')} /mi`;
}

export function stravaActivityUrl(externalId: string): string {
  return `https://www.strava.com/activities/${externalId}`;
}
