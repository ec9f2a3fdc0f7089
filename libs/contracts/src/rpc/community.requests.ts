import { z } from 'zod';
import { eventListQuerySchema, eventPageQuerySchema, eventRefSchema } from '../http/events.js';
import { EVENT_LIMITS } from '../product/events.js';

export const listEventsQuerySchema = z.object({ query: eventListQuerySchema });
export const getEventBySlugQuerySchema = z.object({ slug: z.string(), query: eventPageQuerySchema });

/**
 * A page's event: `eventId` when chosen from the directory, else `name` and `date` as typed (the
 * same race typed differently resolves to one event; a new name makes an unverified one).
 * `forNewPage`: a race already run is refused (a page being edited may keep its past race).
 */
export const resolveEventCommandSchema = z
  .object({
    eventId: z.uuid().optional(),
    name: z.string().trim().min(1).max(EVENT_LIMITS.name).optional(),
    date: z.string().optional(),
    /** The time zone a new event is run in, when the caller knows it (the runner's browser). */
    timeZone: z.string().max(64).optional(),
    forNewPage: z.boolean(),
  })
  .refine((c) => c.eventId !== undefined || (c.name !== undefined && c.date !== undefined), {
    error: 'An event id, or a name and a date',
  });
export type ResolveEventCommand = z.infer<typeof resolveEventCommandSchema>;

/** The event a page names: what profiles stores on the page. */
export const resolvedEventSchema = z.object({
  event: eventRefSchema.extend({ id: z.uuid(), timeZone: z.string(), verified: z.boolean() }),
});
export type ResolvedEvent = z.infer<typeof resolvedEventSchema>;
