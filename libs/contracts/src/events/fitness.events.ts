import { z } from 'zod';
import { distanceDaySchema } from '../rpc/pledges.patterns.js';
import { defineEvent } from './event-envelope.js';

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
   * (all zero once its runs are gone). `version` is the counter of `distanceChanged`, bumped once
   * per change: a reader keeps, per runner and day, only what a newer version says.
   */
  runsChanged: defineEvent(
    'fitness.runs.changed',
    z.object({
      userId: z.uuid(),
      version: z.number().int().nonnegative(),
      days: z.array(distanceDaySchema),
    }),
  ),
} as const;
