import { z } from 'zod';
import { EVENT_LIMITS, EVENT_RANKINGS, EVENT_TIME_ZONE_INVALID, isTimeZone } from '../product/events.js';
import { calendarDate, isCalendarDate, textField } from '../product/text.js';
import { pageNumberSchema } from './page-number.js';

/** An IANA time zone name, refused with a clear message when unknown. */
export const timeZoneSchema = z
  .string({ error: EVENT_TIME_ZONE_INVALID })
  .trim()
  .refine(isTimeZone, { error: EVENT_TIME_ZONE_INVALID });

const optionalDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || isCalendarDate(value), {
      error: `${label} must be a date (YYYY-MM-DD)`,
    });

/** GET /api/events?query=&from=&to=&page=: `from` defaults to today, so the directory shows what is to come. */
export const eventListQuerySchema = z
  .object({
    query: textField('query')
      .trim()
      .max(EVENT_LIMITS.query, `query can be at most ${EVENT_LIMITS.query} characters`)
      .optional()
      .transform((value) => (value ? value : undefined)),
    from: optionalDate('from'),
    to: optionalDate('to'),
    page: pageNumberSchema,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['to'] });
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

/** GET /api/events/{slug}?by=&page=&query=. */
export const eventPageQuerySchema = z.object({
  by: z.enum(EVENT_RANKINGS, { error: 'by must be raised, miles or percent' }).default('raised'),
  page: pageNumberSchema,
  query: textField('query')
    .trim()
    .max(EVENT_LIMITS.query, `query can be at most ${EVENT_LIMITS.query} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type EventPageQuery = z.infer<typeof eventPageQuerySchema>;

/** What runners raised for the event in one currency (a page counts in its own currency). */
export const eventTotalSchema = z.object({
  currency: z.string(),
  /** A decimal string, as a page's amounts. */
  raised: z.string(),
  donors: z.number().int(),
});

export const eventSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  date: z.string(),
  timeZone: z.string(),
  totals: z.array(eventTotalSchema),
  runnerCount: z.number().int(),
  teamCount: z.number().int(),
  /** Running miles of the event's published runners, two decimals. */
  miles: z.number(),
  verified: z.boolean(),
});
export type RaceEvent = z.infer<typeof eventSchema>;

/** What a page's public view says of its event. */
export const eventRefSchema = z.object({ slug: z.string(), name: z.string(), date: z.string() });
export type EventRef = z.infer<typeof eventRefSchema>;

export const eventListResponseSchema = z.object({
  events: z.array(eventSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

export const eventRunnerSchema = z.object({
  runnerProfileId: z.uuid(),
  pageSlug: z.string(),
  name: z.string(),
  raised: z.string(),
  currency: z.string(),
  donors: z.number().int(),
  miles: z.number(),
  /** Of the runner's own goal; 0 without one. */
  percentOfGoal: z.number(),
});
export type EventRunner = z.infer<typeof eventRunnerSchema>;

export const eventGroupSchema = z.object({ slug: z.string(), name: z.string() });

/** A team whose members' published pages run the event: what those pages raised, in the team's currency. */
export const eventTeamSchema = eventGroupSchema.extend({
  raised: z.string(),
  currency: z.string(),
  donors: z.number().int(),
  runnerCount: z.number().int(),
});
export type EventTeam = z.infer<typeof eventTeamSchema>;

/** A charity whose runners' published pages run the event: what those pages raised, per currency. */
export const eventCharitySchema = eventGroupSchema.extend({
  totals: z.array(eventTotalSchema),
  runnerCount: z.number().int(),
});
export type EventCharity = z.infer<typeof eventCharitySchema>;

/** GET /api/events/{slug}. */
export const eventPageResponseSchema = z.object({
  event: eventSchema,
  runners: z.array(eventRunnerSchema),
  teams: z.array(eventTeamSchema),
  charities: z.array(eventCharitySchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type EventPageResponse = z.infer<typeof eventPageResponseSchema>;

/** The event a page names: chosen from the directory (`eventId`) or typed (`marathonName`, `marathonDate`). */
export const eventChoiceSchema = z.object({
  eventId: z.uuid({ error: 'Please choose a marathon from the list' }).optional(),
  marathonName: z.string().optional(),
  marathonDate: calendarDate('Please select a marathon date.').optional(),
});
