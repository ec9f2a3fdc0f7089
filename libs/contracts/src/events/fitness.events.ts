import { z } from 'zod';
import { PLEDGE_DISTANCE_SOURCES } from '../product/pledges.js';
import { distanceDaySchema } from '../rpc/pledges.patterns.js';
import { defineEvent } from './event-envelope.js';

/**
 * One run of a day, as visitors may see it: when it started (`startDate` the instant, `startDateLocal`
 * the wall clock where it was run), how far, how long start to finish (pauses included) and where it
 * came from. Race day reads it to record a finish.
 */
export const dayRunSchema = z.object({
  startDate: z.iso.datetime(),
  startDateLocal: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
  distanceMeters: z.number().nonnegative(),
  elapsedSeconds: z.number().int().nonnegative(),
  source: z.enum(PLEDGE_DISTANCE_SOURCES),
});
export type DayRun = z.infer<typeof dayRunSchema>;

/** A day of `fitness.runs.changed`: its meters by source and, from producers that tell them, its runs. */
export const changedDaySchema = distanceDaySchema.extend({ runs: z.array(dayRunSchema).optional() });
export type ChangedDay = z.infer<typeof changedDaySchema>;

export const FITNESS_EVENTS = {
  activitiesSynced: defineEvent(
    'fitness.activities.synced',
    z.object({ userId: z.uuid(), synced: z.number().int().nonnegative() }),
  ),
  /**
   * A runner's activities changed (sync, upload, manual add or delete, account deletion):
   * `totalMeters` is the running distance their training stats count; `version` grows by one with
   * each change of the user's activities, so a reader applies only a newer one.
   */
  distanceChanged: defineEvent(
    'fitness.distance.changed',
    z.object({
      userId: z.uuid(),
      totalMeters: z.number().nonnegative(),
      version: z.number().int().nonnegative(),
    }),
  ),
  /**
   * A runner's runs changed (Strava sync or removal, upload, by hand, deletion, disconnect): each
   * local day whose counted running distance changed, with the day's whole new meters by source
   * (all zero once its runs are gone), and the day's runs themselves (`runs`, each with its start,
   * distance, elapsed time and source: none once they are gone). `version` is the counter of
   * `distanceChanged`, bumped once per change: a reader keeps, per runner and day, only what a newer
   * version says.
   */
  runsChanged: defineEvent(
    'fitness.runs.changed',
    z.object({
      userId: z.uuid(),
      version: z.number().int().nonnegative(),
      days: z.array(changedDaySchema),
    }),
  ),
} as const;
