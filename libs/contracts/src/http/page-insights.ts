import { z } from 'zod';

/**
 * Owner insights (issue #19): first-party events a runner page's visitors send, without cookies,
 * and the per-day figures its owner reads.
 */
export const PAGE_EVENT_TYPES = ['view', 'share', 'donate', 'challenge'] as const;
export type PageEventType = (typeof PAGE_EVENT_TYPES)[number];

export const PAGE_EVENT_TYPE_MESSAGE = 'The event type must be one of view, share, donate or challenge';
export const PAGE_EVENT_CHALLENGE_MESSAGE = 'A challenge event names the challenge (challengeId)';
export const PAGE_EVENT_NO_CHALLENGE_MESSAGE = 'Only a challenge event names a challenge';
export const INSIGHTS_DAYS_MESSAGE = 'days must be a whole number from 1 to 90';

/** How many days an owner may ask for at once; the dashboard shows 30. */
export const INSIGHTS_MAX_DAYS = 90;
export const INSIGHTS_DEFAULT_DAYS = 30;

/** POST /api/runner-profile/{id}/events: what a visitor did on the page. */
export const pageEventRequestSchema = z
  .object({
    type: z.enum(PAGE_EVENT_TYPES, { error: PAGE_EVENT_TYPE_MESSAGE }),
    challengeId: z.uuid({ error: PAGE_EVENT_CHALLENGE_MESSAGE }).optional(),
  })
  .strict()
  .superRefine((event, ctx) => {
    if (event.type === 'challenge' && !event.challengeId)
      ctx.addIssue({ code: 'custom', path: ['challengeId'], message: PAGE_EVENT_CHALLENGE_MESSAGE });
    if (event.type !== 'challenge' && event.challengeId)
      ctx.addIssue({ code: 'custom', path: ['challengeId'], message: PAGE_EVENT_NO_CHALLENGE_MESSAGE });
  });
export type PageEventRequest = z.infer<typeof pageEventRequestSchema>;

/** `?days=` of GET /api/runner-profile/{id}/insights: 1-90, 30 when absent. */
export const insightsDaysSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? INSIGHTS_DEFAULT_DAYS : value),
  z.coerce
    .number({ error: INSIGHTS_DAYS_MESSAGE })
    .int(INSIGHTS_DAYS_MESSAGE)
    .min(1, INSIGHTS_DAYS_MESSAGE)
    .max(INSIGHTS_MAX_DAYS, INSIGHTS_DAYS_MESSAGE),
);

const count = z.number().int().nonnegative();

/** One UTC day of a page's figures. */
export const pageInsightsDaySchema = z.object({
  /** `YYYY-MM-DD` (UTC). */
  date: z.string(),
  views: count,
  /** Distinct visitors that day (estimated: HyperLogLog, about 1% error). */
  uniqueVisitors: count,
  shares: count,
  donateClicks: count,
  challengePicks: count,
});
export type PageInsightsDay = z.infer<typeof pageInsightsDaySchema>;

/** 200 of GET /api/runner-profile/{id}/insights: oldest day first, today last. */
export const pageInsightsSchema = z.object({
  days: z.array(pageInsightsDaySchema),
  totals: z.object({ views: count, shares: count, donateClicks: count, challengePicks: count }),
  /** The page's current challenges and how often each was picked over the period, in page order. */
  challenges: z.array(z.object({ id: z.uuid(), description: z.string(), picks: count })),
});
export type PageInsights = z.infer<typeof pageInsightsSchema>;
