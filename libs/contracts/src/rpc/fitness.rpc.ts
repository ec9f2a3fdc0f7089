import { z } from 'zod';
import { activitySchema } from '../http/activities.js';
import { fitnessProfileSchema, trainingStatsSchema } from '../http/fitness-profile.js';
import {
  stravaCompleteSetupBodySchema,
  stravaConnectBodySchema,
  stravaSyncReplySchema,
  stravaWebhookChallengeSchema,
  stravaWebhookEventSchema,
  stravaWebhookValidationSchema,
} from '../http/strava.js';
import { successSchema } from '../http/success.js';
import { webhookReceivedSchema } from '../http/webhooks.js';
import { exportActivitiesQuerySchema, exportedActivitySchema, exportPageSchema } from './account-export.js';
import { FITNESS } from './fitness.patterns.js';
import {
  createActivityRequestSchema,
  deleteActivityRequestSchema,
  fitnessProfileRequestSchema,
  listActivitiesRequestSchema,
  ownFitnessProfileRequestSchema,
  stravaAuthorizeRequestSchema,
  stravaCompleteAuthorizationSchema,
  storeUploadRequestSchema,
  stravaUserRequestSchema,
  trainingStatsRequestSchema,
  updateActivityRequestSchema,
} from './fitness.requests.js';
import { rpcContract } from './rpc-contract.js';

/** Where the gateway sends the browser: Strava's authorize page (with the signed state). */
export const stravaAuthorizeUrlSchema = z.object({ url: z.url() });
/** Where the gateway sends the browser back after Strava's callback: a path of the app. */
export const stravaRedirectSchema = z.object({ redirectTo: z.string().min(1) });
/** A page's training summary for its owner; null when the page is not the caller's (or unknown to fitness). */
export const ownFitnessProfileSchema = z.object({ fitnessProfile: fitnessProfileSchema.nullable() });

/**
 * fitness' request-reply patterns: pattern → request schema → response schema (the health ping and
 * the account export are in SHARED_RPC).
 */
export const FITNESS_RPC = {
  [FITNESS.account.exportActivities]: rpcContract(
    exportActivitiesQuerySchema,
    exportPageSchema(exportedActivitySchema),
  ),
  [FITNESS.fitnessProfile.get]: rpcContract(fitnessProfileRequestSchema, fitnessProfileSchema),
  [FITNESS.fitnessProfile.getOwn]: rpcContract(ownFitnessProfileRequestSchema, ownFitnessProfileSchema),
  [FITNESS.strava.authorizeUrl]: rpcContract(stravaAuthorizeRequestSchema, stravaAuthorizeUrlSchema),
  [FITNESS.strava.completeAuthorization]: rpcContract(stravaCompleteAuthorizationSchema, stravaRedirectSchema),
  [FITNESS.strava.connect]: rpcContract(stravaConnectBodySchema, successSchema),
  [FITNESS.strava.completeSetup]: rpcContract(stravaCompleteSetupBodySchema, successSchema),
  [FITNESS.strava.sync]: rpcContract(stravaUserRequestSchema, stravaSyncReplySchema),
  [FITNESS.strava.disconnect]: rpcContract(stravaUserRequestSchema, successSchema),
  [FITNESS.strava.validateWebhook]: rpcContract(stravaWebhookValidationSchema, stravaWebhookChallengeSchema),
  [FITNESS.strava.webhookEvent]: rpcContract(stravaWebhookEventSchema, webhookReceivedSchema),
  [FITNESS.activities.list]: rpcContract(listActivitiesRequestSchema, z.array(activitySchema)),
  [FITNESS.activities.create]: rpcContract(createActivityRequestSchema, activitySchema),
  [FITNESS.activities.update]: rpcContract(updateActivityRequestSchema, activitySchema),
  [FITNESS.activities.delete]: rpcContract(deleteActivityRequestSchema, successSchema),
  [FITNESS.activities.storeUpload]: rpcContract(storeUploadRequestSchema, activitySchema),
  [FITNESS.trainingStats.get]: rpcContract(trainingStatsRequestSchema, trainingStatsSchema),
} as const;
