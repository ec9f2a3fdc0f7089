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

export type SyncJobName = 'sync-athlete' | 'webhook-event' | 'reconcile' | 'ensure-webhook-subscription';
