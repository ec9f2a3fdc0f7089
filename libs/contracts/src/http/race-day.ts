import { z } from 'zod';
import {
  FOLLOWER_STATUSES,
  RACE_DAY_LIMITS,
  RACE_DAY_MESSAGES,
  RACE_RESULT_SOURCES,
  RACE_RESULT_STATUSES,
} from '../product/race-day.js';
import { textField } from '../product/text.js';
import { oneLine } from '../product/text.js';
import { emailSchema } from './auth.js';

/** A page's race result as its public view shows it; null before one is recorded (or once undone). */
export const raceResultSchema = z
  .object({
    status: z.enum(RACE_RESULT_STATUSES),
    /** The finish time in seconds; null for `did_not_finish`. */
    finishSeconds: z.number().int().nullable(),
    /** The run that recorded it (`strava`, `upload`, `manual`); `manual` too when the owner typed it. */
    source: z.enum(RACE_RESULT_SOURCES).nullable(),
  })
  .nullable();
export type RaceResult = z.infer<typeof raceResultSchema>;

const finishSecondsSchema = z.coerce
  .number({ error: RACE_DAY_MESSAGES.finishRequired })
  .refine(Number.isFinite, { error: RACE_DAY_MESSAGES.finishRequired, abort: true })
  .int(RACE_DAY_MESSAGES.finishRange)
  .min(RACE_DAY_LIMITS.finishSecondsMin, RACE_DAY_MESSAGES.finishRange)
  .max(RACE_DAY_LIMITS.finishSecondsMax, RACE_DAY_MESSAGES.finishRange);

/** PUT /api/runner-profile/{id}/race-result: `finished` with a time, `did_not_finish`, or `null` to undo. */
export const setRaceResultRequestSchema = z
  .object({
    status: z.enum(RACE_RESULT_STATUSES, { error: RACE_DAY_MESSAGES.statusInvalid }).nullable(),
    finishSeconds: z.preprocess((v) => (v === '' ? undefined : v), finishSecondsSchema.nullish()),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'finished' && (value.finishSeconds === undefined || value.finishSeconds === null))
      ctx.addIssue({ code: 'custom', path: ['finishSeconds'], message: RACE_DAY_MESSAGES.finishRequired });
  })
  .transform((value) => ({
    status: value.status,
    finishSeconds: value.status === 'finished' ? value.finishSeconds! : null,
  }));
export type SetRaceResultRequest = z.infer<typeof setRaceResultRequestSchema>;

/** POST /api/runner-profile/{id}/followers: an address (and a name) to hear of the runner's race. */
export const followRequestSchema = z.object({
  name: textField('Your name', { error: 'Your name must be text' })
    .overwrite(oneLine)
    .trim()
    .max(RACE_DAY_LIMITS.followerName, RACE_DAY_MESSAGES.nameTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  email: emailSchema,
});
export type FollowRequest = z.infer<typeof followRequestSchema>;

export const followResponseSchema = z.object({
  follower: z.object({ status: z.enum(FOLLOWER_STATUSES) }),
});
export type FollowResponse = z.infer<typeof followResponseSchema>;

/** POST /api/followers/confirm: the token of the confirmation link. */
export const confirmFollowerRequestSchema = z.object({
  token: textField('token', { error: RACE_DAY_MESSAGES.confirmLinkInvalid })
    .min(1, RACE_DAY_MESSAGES.confirmLinkInvalid)
    .max(200, RACE_DAY_MESSAGES.confirmLinkInvalid),
});
export type ConfirmFollowerRequest = z.infer<typeof confirmFollowerRequestSchema>;

/** POST /api/runner-profile/{id}/thank-you: plain text, lines kept. */
export const thankYouRequestSchema = z.object({
  message: textField('The thank-you', { error: RACE_DAY_MESSAGES.thankYouRequired })
    .trim()
    .min(1, RACE_DAY_MESSAGES.thankYouRequired)
    .max(RACE_DAY_LIMITS.thankYouMessage, RACE_DAY_MESSAGES.thankYouTooLong),
});
export type ThankYouRequest = z.infer<typeof thankYouRequestSchema>;

export const thankYouResponseSchema = z.object({ recipients: z.number().int().nonnegative() });
export type ThankYouResponse = z.infer<typeof thankYouResponseSchema>;
