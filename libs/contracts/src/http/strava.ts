import { z } from 'zod';
import { FITNESS_MESSAGES } from '../product/fitness.js';
import { STRAVA_TOKENS_REFUSED } from '../product/strava.js';
import { textField } from '../product/text.js';
import { pastOrTodayDateSchema } from './activities.js';

const token = (label: string) =>
  textField(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^[\x21-\x7E]*$/, STRAVA_TOKENS_REFUSED);
const athleteId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,20}$/, 'Strava athlete id is invalid'));

/** Spec 7 connection payload (`POST /api/fitness/strava/connect`). */
export const stravaConnectBodySchema = z.object({
  userId: z.uuid('userId must be your own user id'),
  stravaAccessToken: token('Strava access token'),
  stravaRefreshToken: token('Strava refresh token'),
  stravaAthleteId: athleteId,
  stravaTokenExpiresAt: z.iso.datetime({ offset: true, error: 'stravaTokenExpiresAt must be an ISO date-time' }),
});
export type StravaConnectBody = z.infer<typeof stravaConnectBodySchema>;

/**
 * `POST /api/fitness/strava/complete-setup`: the spec 7 payload, where the tokens are optional
 * because the OAuth callback already stored them server-side.
 */
export const stravaCompleteSetupBodySchema = stravaConnectBodySchema.partial().extend({
  userId: z.uuid('userId must be your own user id'),
  trainingStartDate: pastOrTodayDateSchema(FITNESS_MESSAGES.trainingStartDateRequired),
  publicDisplayConsent: z.boolean().default(false),
});
export type StravaCompleteSetupBody = z.infer<typeof stravaCompleteSetupBodySchema>;

/** Query Strava sends back to `GET /api/strava/callback`. */
export const stravaCallbackQuerySchema = z.object({
  code: textField('code').optional(),
  state: textField('state').optional(),
  scope: textField('scope').optional(),
  error: textField('error').optional(),
});
export type StravaCallbackQuery = z.infer<typeof stravaCallbackQuerySchema>;

export const stravaSyncReplySchema = z.union([
  z.object({ message: z.string(), synced: z.number().int().nonnegative(), pending: z.boolean().optional() }),
  z.object({ error: z.string(), needsReconnect: z.literal(true) }),
]);
export type StravaSyncReply = z.infer<typeof stravaSyncReplySchema>;

export const stravaWebhookValidationSchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.challenge': z.string().optional(),
  'hub.verify_token': z.string().optional(),
});

/** GET /api/webhooks/strava: the challenge echoed back when the verify token matches. */
export const stravaWebhookChallengeSchema = z.object({ 'hub.challenge': z.string() });

/** A Strava push event; they carry no signature, so they are hints that are re-read from the API. */
export const stravaWebhookEventSchema = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: z.coerce.number().int().positive(),
  aspect_type: z.enum(['create', 'update', 'delete']),
  updates: z.record(z.string(), z.unknown()).optional(),
  owner_id: z.coerce.number().int().positive(),
  subscription_id: z.coerce.number().int().optional(),
  event_time: z.coerce.number().int(),
});
export type StravaWebhookEvent = z.infer<typeof stravaWebhookEventSchema>;
