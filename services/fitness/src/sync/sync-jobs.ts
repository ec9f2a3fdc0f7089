import type { StravaWebhookEvent } from '@runpledge/contracts';

export const STRAVA_SYNC_QUEUE = 'strava-sync';

export type SyncReason = 'manual' | 'backfill' | 'scheduled' | 'reconnect';

/** A user's activities since the last one stored (or the training start date). */
export interface SyncAthleteJob {
  userId: string;
  reason: SyncReason;
  /** Fixed when the job first runs, with the page reached, so a restarted job resumes where it was. */
  after?: number;
  page?: number;
  synced?: number;
}
export interface SyncAthleteResult {
  synced: number;
  needsReconnect?: boolean;
}

export interface SyncJobTypes {
  'sync-athlete': { data: SyncAthleteJob; result: SyncAthleteResult };
  'webhook-event': { data: StravaWebhookEvent; result: void };
  reconcile: { data: Record<string, never>; result: { queued: number } };
  'ensure-webhook-subscription': { data: Record<string, never>; result: void };
}
export type SyncJobName = keyof SyncJobTypes;
