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

/** One UTC day of a page's figures. */
export interface PageInsightsDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  views: number;
  /** Distinct visitors that day (estimated: HyperLogLog, about 1% error). */
  uniqueVisitors: number;
  shares: number;
  donateClicks: number;
  challengePicks: number;
}

/** 200 of GET /api/runner-profile/{id}/insights: oldest day first, today last. */
export interface PageInsights {
  days: PageInsightsDay[];
  totals: { views: number; shares: number; donateClicks: number; challengePicks: number };
  /** The page's current challenges and how often each was picked over the period, in page order. */
  challenges: Array<{ id: string; description: string; picks: number }>;
}
