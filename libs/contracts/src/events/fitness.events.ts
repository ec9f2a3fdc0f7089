import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

export const FITNESS_EVENTS = {
  activitiesSynced: defineEvent(
    'fitness.activities.synced',
    z.object({ userId: z.uuid(), synced: z.number().int().nonnegative() }),
  ),
} as const;
