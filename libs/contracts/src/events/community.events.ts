import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

/** An event of the directory as pages keep it; `version` moves with each of its changes. */
const raceEventCopySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  date: z.iso.date(),
  timeZone: z.string(),
  verified: z.boolean(),
  version: z.number().int().nonnegative(),
});

export const COMMUNITY_EVENTS = {
  /**
   * An event changed in a way its pages show (renamed, verified, its time zone set) or was merged
   * into another: the pages naming `eventId` now run `current` (the event itself, or the one it went
   * into). A reader keeps a copy of each event and applies only a newer `version`, so a late merge
   * never undoes a later rename.
   */
  eventChanged: defineEvent(
    'community.event.changed',
    z.object({
      eventId: z.uuid(),
      current: raceEventCopySchema,
      /** Pages given this event by the one-time assignment of existing pages (they named none yet). */
      profileIds: z.array(z.uuid()).default([]),
    }),
  ),
} as const;
