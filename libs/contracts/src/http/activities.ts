import { z } from 'zod';
import { ACTIVITY_SOURCES, FITNESS_LIMITS, FITNESS_MESSAGES, latestDateToday } from '../product/fitness.js';
import { calendarDate, textField } from '../product/text.js';

/** A real `YYYY-MM-DD` date that is not after today. */
export const pastOrTodayDateSchema = (requiredMessage: string) =>
  calendarDate(requiredMessage).refine(
    (value) => value <= latestDateToday(),
    FITNESS_MESSAGES.trainingStartDateInFuture,
  );

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

/** `POST /api/activities/upload`: 201 with the run the file gave. */
export const activityUploadResponseSchema = z.object({ activity: activitySchema });
export type ActivityUploadResponse = z.infer<typeof activityUploadResponseSchema>;

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
