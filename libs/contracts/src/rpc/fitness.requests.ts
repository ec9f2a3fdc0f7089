import { z } from 'zod';
import { activitiesQuerySchema, manualActivityInputSchema } from '../http/activities.js';
import { stravaCallbackQuerySchema } from '../http/strava.js';
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
