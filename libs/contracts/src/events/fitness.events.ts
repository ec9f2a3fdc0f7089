import { z } from 'zod';
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
} as const;
