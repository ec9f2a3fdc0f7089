import { z } from 'zod';
import { activitiesQuerySchema, manualActivityInputSchema } from '../http/activities.js';
import { stravaCallbackQuerySchema } from '../http/strava.js';
import { FITNESS_LIMITS } from '../product/fitness.js';
import { textField } from '../product/text.js';

// What the gateway asks fitness, beside the HTTP bodies: `userId` is the session's caller.

export const trainingStatsRequestSchema = z.object({
  profileId: z.uuid('Runner profile not found'),
  viewerUserId: z.uuid().optional(),
});
export type TrainingStatsRequest = z.infer<typeof trainingStatsRequestSchema>;

export const fitnessProfileRequestSchema = z.object({
  profileId: z.uuid('Fitness profile not found'),
});

/** The training summary of a page, if the page is `userId`'s (fitness checks on its copy of the pages). */
export const ownFitnessProfileRequestSchema = fitnessProfileRequestSchema.extend({ userId: z.uuid() });

export const listActivitiesRequestSchema = activitiesQuerySchema.omit({ profileId: true }).extend({
  userId: z.uuid(),
  viewerUserId: z.uuid().optional(),
});
export type ListActivitiesRequest = z.infer<typeof listActivitiesRequestSchema>;

export const createActivityRequestSchema = manualActivityInputSchema.extend({ userId: z.uuid() });
export const updateActivityRequestSchema = manualActivityInputSchema.extend({
  userId: z.uuid(),
  activityId: z.uuid('Activity not found'),
});
/**
 * What the gateway read from an activity file: only the summary crosses NATS (the track stays in
 * the gateway and is dropped).
 */
export const uploadedActivitySummarySchema = z.object({
  name: z.string().trim().min(1).max(FITNESS_LIMITS.activityNameMax),
  sportType: z.string().min(1).max(40),
  distanceMeters: z
    .number()
    .min(0)
    .max(FITNESS_LIMITS.manualDistanceKmMax * 1000),
  /** Time in motion, pauses left out. */
  movingTimeSeconds: z.number().int().min(0).max(FITNESS_LIMITS.manualDurationSecondsMax),
  /** First to last recorded moment, pauses included (a race's finish time); absent when the file has no times. */
  elapsedTimeSeconds: z.number().int().min(0).max(FITNESS_LIMITS.manualDurationSecondsMax).optional(),
  elevationGainMeters: z.number().min(0).max(FITNESS_LIMITS.manualElevationMetersMax),
  startDate: z.iso.datetime(),
  /** Wall-clock start where the run happened (`YYYY-MM-DDTHH:mm:ss`); UTC when the file does not say. */
  startDateLocal: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
});
export type UploadedActivitySummary = z.infer<typeof uploadedActivitySummarySchema>;
export const storeUploadRequestSchema = uploadedActivitySummarySchema.extend({ userId: z.uuid() });

export const deleteActivityRequestSchema = z.object({ userId: z.uuid(), activityId: z.uuid('Activity not found') });

export const stravaUserRequestSchema = z.object({ userId: z.uuid('userId must be your own user id') });

export const stravaAuthorizeRequestSchema = z.object({
  userId: z.uuid(),
  profileSlug: textField('profileSlug', { error: 'profileSlug is required' }).trim().min(1, 'profileSlug is required'),
  /** The random value of the browser's STRAVA_OAUTH_COOKIE; only its hash goes into the state. */
  nonce: z.string().min(16),
});

/** What the gateway adds to Strava's query: who is signed in and the browser's nonce cookie, if any. */
export const stravaCompleteAuthorizationSchema = stravaCallbackQuerySchema.extend({
  userId: z.uuid().optional(),
  nonce: z.string().optional(),
});
export type StravaCompleteAuthorization = z.infer<typeof stravaCompleteAuthorizationSchema>;
